"""Client telemetry (KIP-714): client-metrics subscriptions (broker/telemetry/subscriptions.py),
the client instances that fetch them and push metrics (broker/telemetry/manager.py), and the
pushed OpenTelemetry payload's decoding (broker/telemetry/otlp.py)."""
