"""KIP-932 share groups: membership in the group coordinator (group.py, assignor.py, manager.py)."""
