"""kbroker-console: a web console for kbroker and any Kafka-compatible cluster (docs/console.md)."""
