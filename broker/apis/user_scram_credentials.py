"""DescribeUserScramCredentials (key 50) and AlterUserScramCredentials (key 51), KIP-554."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security import scram_admin
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterUserScramCredentialsRequest,
    AlterUserScramCredentialsResponse,
    DescribeUserScramCredentialsRequest,
    DescribeUserScramCredentialsResponse,
)

REFUSED = "Authorization failed."


async def handle_describe(
    broker: HandlerContext, ctx: RequestContext, request: DescribeUserScramCredentialsRequest
) -> DescribeUserScramCredentialsResponse:
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.DESCRIBE):
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
            "error_message": REFUSED,
            "results": [],
        }
    asked = None if request.users is None else [u.name for u in request.users]
    found = scram_admin.describe(await broker.scram_store.users(), asked)
    return {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "results": [
            {
                "user": user,
                "error_code": code,
                "error_message": message,
                "credential_infos": [{"mechanism": m, "iterations": i} for m, i in infos],
            }
            for user, code, message, infos in found
        ],
    }


async def handle_alter(
    broker: HandlerContext, ctx: RequestContext, request: AlterUserScramCredentialsRequest
) -> AlterUserScramCredentialsResponse:
    deletions = [scram_admin.Deletion(d.name, d.mechanism) for d in request.deletions]
    upsertions = [
        scram_admin.Upsertion(u.name, u.mechanism, u.iterations, bytes(u.salt), bytes(u.salted_password))
        for u in request.upsertions
    ]
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.ALTER):
        users = dict.fromkeys([d.user for d in deletions] + [u.user for u in upsertions])
        return {
            "throttle_time_ms": 0,
            "results": [
                {"user": u, "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "error_message": REFUSED}
                for u in users
            ],
        }
    store = broker.scram_store
    async with broker.scram_lock:  # read-modify-write of the users, one request at a time
        results, writes = scram_admin.alter(await store.users(), deletions, upsertions)
        if writes:
            await store.write(writes)
    return {
        "throttle_time_ms": 0,
        "results": [
            {"user": user, "error_code": code, "error_message": message}
            for user, (code, message) in results.items()
        ],
    }
