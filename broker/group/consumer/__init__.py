"""KIP-848 consumer groups (ConsumerGroupHeartbeat): the group and its members, the server-side
assignors, subscriptions and the reconciliation of each member toward its target."""
