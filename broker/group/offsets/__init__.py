"""Committed offsets: the store (with the transactional offsets pending until their marker), the
manager (OffsetCommit, TxnOffsetCommit, OffsetFetch, OffsetDelete) and retention (KIP-211)."""
