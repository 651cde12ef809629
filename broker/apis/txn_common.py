"""What the transaction APIs share: the fencing error older clients know."""

from __future__ import annotations

from protocol.errors import ErrorCode

# KIP-588: PRODUCER_FENCED from these versions on; older clients get INVALID_PRODUCER_EPOCH.
FENCED_SINCE = {
    "InitProducerId": 4,
    "AddPartitionsToTxn": 2,
    "AddOffsetsToTxn": 2,
    "EndTxn": 2,
    "TxnOffsetCommit": 3,
}


def fenced_for(api: str, version: int, error: ErrorCode) -> ErrorCode:
    if error == ErrorCode.PRODUCER_FENCED and version < FENCED_SINCE[api]:
        return ErrorCode.INVALID_PRODUCER_EPOCH
    return error
