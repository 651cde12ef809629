"""KIP-932 share-partitions (on each partition's leader) and the share coordinator that keeps
their state durable in `__share_group_state`. Share-group membership is in broker/group/share/."""
