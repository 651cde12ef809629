"""Committed offsets: the store, the manager (OffsetCommit, OffsetFetch, OffsetDelete), retention
(KIP-211) and transactional offsets (TxnOffsetCommit)."""
