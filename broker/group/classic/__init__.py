"""The classic group protocol (JoinGroup, SyncGroup, Heartbeat, LeaveGroup): the group, its
legal transitions and the manager that turns requests into records and answers."""
