"""Kafka's authorization rules, without a broker: pattern matching, DENY wins, implied
DESCRIBE, super users, allow.everyone.if.no.acl.found, host filters, ACL filters, persistence."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broker.security.acl import (
    AclBinding,
    AclFilter,
    Operation,
    PatternType,
    Permission,
    ResourceType,
    authorize,
    authorize_any,
    validate,
)
from broker.security.authorizer import Authorizer

T, G, C = ResourceType.TOPIC, ResourceType.GROUP, ResourceType.CLUSTER
LIT, PRE = PatternType.LITERAL, PatternType.PREFIXED
ALLOW, DENY = Permission.ALLOW, Permission.DENY
R, W, D = Operation.READ, Operation.WRITE, Operation.DESCRIBE


def acl(rtype, name, pattern, principal, op, perm=ALLOW, host="*"):
    return AclBinding(rtype, name, pattern, principal, host, op, perm)


def ok(bindings, principal, op, rtype, name, host="1.2.3.4", **kw):
    return authorize(bindings, principal, host, op, rtype, name, **kw)


def test_literal_wildcard_and_prefixed_patterns():
    b = [acl(T, "a", LIT, "User:alice", R)]
    assert ok(b, "User:alice", R, T, "a") and not ok(b, "User:alice", R, T, "ab")
    assert not ok(b, "User:alice", R, G, "a")  # another resource type
    b = [acl(T, "*", LIT, "User:alice", R)]
    assert ok(b, "User:alice", R, T, "anything")
    b = [acl(T, "logs-", PRE, "User:alice", W)]
    assert ok(b, "User:alice", W, T, "logs-app") and ok(b, "User:alice", W, T, "logs-")
    assert not ok(b, "User:alice", W, T, "log-app")


def test_deny_wins_over_allow_and_all():
    b = [
        acl(T, "pay", PRE, "User:bob", Operation.ALL),
        acl(T, "pay-secret", LIT, "User:bob", R, DENY),
    ]
    assert ok(b, "User:bob", R, T, "pay-public") and ok(b, "User:bob", W, T, "pay-secret")
    assert not ok(b, "User:bob", R, T, "pay-secret")
    b.append(acl(T, "*", LIT, "User:*", Operation.ALL, DENY, host="6.6.6.6"))
    assert not ok(b, "User:bob", W, T, "pay-x", host="6.6.6.6")
    assert ok(b, "User:bob", W, T, "pay-x", host="1.1.1.1")


def test_implied_describe_and_describe_configs():
    for op in (R, W, Operation.DELETE, Operation.ALTER):
        assert ok([acl(T, "a", LIT, "User:u", op)], "User:u", D, T, "a")
    assert ok(
        [acl(T, "a", LIT, "User:u", Operation.ALTER_CONFIGS)], "User:u", Operation.DESCRIBE_CONFIGS, T, "a"
    )
    assert not ok([acl(T, "a", LIT, "User:u", D)], "User:u", R, T, "a")  # no implication upwards
    # A DENY of READ does not deny DESCRIBE (Kafka denies only the operation and ALL).
    assert ok([acl(T, "a", LIT, "User:u", W), acl(T, "a", LIT, "User:u", R, DENY)], "User:u", D, T, "a")


def test_super_users_and_no_acl_found():
    deny_all = [acl(T, "*", LIT, "User:*", Operation.ALL, DENY)]
    assert ok(deny_all, "User:root", R, T, "a", super_users=frozenset({"User:root"}))
    assert not ok([], "User:x", R, T, "a")
    assert ok([], "User:x", R, T, "a", allow_if_no_acl=True)
    # Any ACL on the resource, for anyone, means "found": the default no longer applies.
    assert not ok([acl(T, "a", LIT, "User:y", R)], "User:x", R, T, "a", allow_if_no_acl=True)


def test_host_filter():
    b = [acl(T, "a", LIT, "User:u", R, host="10.0.0.1")]
    assert ok(b, "User:u", R, T, "a", host="10.0.0.1") and not ok(b, "User:u", R, T, "a", host="10.0.0.2")


def test_authorize_any_for_idempotent_producers():
    b = [acl(T, "x-", PRE, "User:u", W), acl(T, "x-", PRE, "User:v", W), acl(T, "x-", PRE, "User:v", W, DENY)]
    assert authorize_any(b, "User:u", "h", W, T) and not authorize_any(b, "User:v", "h", W, T)
    assert not authorize_any(b, "User:w", "h", W, T)


def test_validate_refuses_what_kafka_refuses():
    assert validate(acl(T, "a", LIT, "User:u", R)) is None
    assert validate(acl(ResourceType.ANY, "a", LIT, "User:u", R))
    assert validate(acl(T, "a", PatternType.MATCH, "User:u", R))
    assert validate(acl(T, "a", LIT, "alice", R))
    assert validate(acl(C, "other", LIT, "User:u", Operation.ALTER))
    assert validate(acl(T, "a", LIT, "User:u", Operation.ANY))


def test_filters():
    a = acl(T, "pay-x", LIT, "User:u", R)
    p = acl(T, "pay", PRE, "User:u", R)
    star = acl(T, "*", LIT, "User:v", W, DENY)
    every = [a, p, star]
    assert [b for b in every if AclFilter().matches(b)] == every
    assert [b for b in every if AclFilter(T, "pay-x", PatternType.MATCH).matches(b)] == every
    assert [b for b in every if AclFilter(T, "pay", PatternType.LITERAL).matches(b)] == []
    assert [b for b in every if AclFilter(T, "pay", PatternType.PREFIXED).matches(b)] == [p]
    assert [b for b in every if AclFilter(permission=DENY).matches(b)] == [star]
    assert [b for b in every if AclFilter(principal="User:u", operation=R).matches(b)] == [a, p]


names = st.sampled_from(["a", "ab", "b", "*", "pay", "pay-x"])
bindings = st.builds(
    AclBinding,
    st.sampled_from([T, G]),
    names,
    st.sampled_from([LIT, PRE]),
    st.sampled_from(["User:u", "User:v", "User:*"]),
    st.sampled_from(["*", "h1", "h2"]),
    st.sampled_from([R, W, D, Operation.ALL, Operation.DELETE]),
    st.sampled_from([ALLOW, DENY]),
)
queries = st.tuples(
    st.sampled_from(["User:u", "User:v"]),
    st.sampled_from(["h1", "h2"]),
    st.sampled_from([R, W, D, Operation.DELETE]),
    st.sampled_from([T, G]),
    st.sampled_from(["a", "ab", "b", "pay-x", "payz"]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(bindings, max_size=8), queries, st.booleans())
def test_property_a_matching_deny_always_wins(acls, q, allow_if_none):
    principal, host, op, rtype, name = q
    deny = acl(rtype, name, LIT, principal, op, DENY, host=host)
    assert not authorize([*acls, deny], principal, host, op, rtype, name, allow_if_no_acl=allow_if_none)
    # ... except for a super user.
    assert authorize([*acls, deny], principal, host, op, rtype, name, super_users=frozenset({principal}))


@settings(max_examples=150, deadline=None)
@given(st.lists(bindings, max_size=8), queries)
def test_property_allow_needs_a_matching_allow_and_no_matching_deny(acls, q):
    principal, host, op, rtype, name = q
    applying = [
        b
        for b in acls
        if b.matches_resource(rtype, name) and b.principal in (principal, "User:*") and b.host in (host, "*")
    ]
    denied = any(b.permission == DENY and b.operation in (op, Operation.ALL) for b in applying)
    implied = {D: {R, W, Operation.DELETE, Operation.ALTER}}.get(op, set())
    allowed = any(
        b.permission == ALLOW and (b.operation in (op, Operation.ALL) or b.operation in implied)
        for b in applying
    )
    any_acl = any(b.matches_resource(rtype, name) for b in acls)
    expected = (not denied and allowed) if any_acl else True
    assert authorize(acls, principal, host, op, rtype, name, allow_if_no_acl=True) == expected


def _ctx(principal: str, host: str = "127.0.0.1") -> SimpleNamespace:
    return SimpleNamespace(principal=principal, host=host)


def _creation(**kw):
    base = dict(
        resource_type=2,
        resource_name="a",
        resource_pattern_type=3,
        principal="User:u",
        host="*",
        operation=3,
        permission_type=3,
    )
    return SimpleNamespace(**{**base, **kw})


def _filter(**kw):
    base = dict(
        resource_type_filter=1,
        resource_name_filter=None,
        pattern_type_filter=1,
        principal_filter=None,
        host_filter=None,
        operation=1,
        permission_type=1,
    )
    return SimpleNamespace(**{**base, **kw})


async def test_authorizer_apis_persist_and_check_cluster_permissions(tmp_path):
    path = tmp_path / "acls.json"
    authz = Authorizer(path, ["User:admin"], allow_if_no_acl=False)
    admin, user = _ctx("User:admin"), _ctx("User:u")
    r = await authz.create_acls(user, SimpleNamespace(creations=[_creation()]))
    assert r["results"][0]["error_code"] == 31  # CLUSTER_AUTHORIZATION_FAILED: no ALTER on the cluster
    r = await authz.create_acls(
        admin,
        SimpleNamespace(
            creations=[
                _creation(),
                _creation(resource_pattern_type=4, resource_name="p-"),
                _creation(resource_type=1),
            ]
        ),
    )
    assert [x["error_code"] for x in r["results"]] == [0, 0, 42]  # INVALID_REQUEST for the ANY type
    assert authz.topic(user, R, "a") and authz.topic(user, R, "p-1") and not authz.topic(user, W, "a")
    again = Authorizer(path, ["User:admin"], allow_if_no_acl=False)  # reloaded from the file
    assert again.bindings == authz.bindings and len(again.bindings) == 2
    d = authz.describe_acls(admin, _filter(pattern_type_filter=4))
    assert [(x["resource_name"], x["pattern_type"]) for x in d["resources"]] == [("p-", 4)]
    assert authz.describe_acls(user, _filter())["error_code"] == 31
    r = await authz.delete_acls(
        admin,
        SimpleNamespace(
            filters=[_filter(resource_type_filter=2, resource_name_filter="a", pattern_type_filter=3)]
        ),
    )
    assert [m["resource_name"] for m in r["filter_results"][0]["matching_acls"]] == ["a"]
    assert not authz.topic(user, R, "a") and authz.topic(user, R, "p-1")  # the cache follows changes
    assert len(Authorizer(path, [], False).bindings) == 1


def test_bad_acl_file_is_refused(tmp_path):
    path = tmp_path / "acls.json"
    path.write_text('{"resources": [{"resourceType": "Nope"}]}')
    with pytest.raises(ValueError, match="not an ACL file"):
        Authorizer(path, [], False)
