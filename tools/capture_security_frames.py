#!/usr/bin/env python3
"""Capture the REQUEST frames real clients send for the security APIs (SaslHandshake,
SaslAuthenticate, CreateAcls, DescribeAcls, DeleteAcls), for the golden-bytes tests.

As tools/capture_admin_frames.py: the clients talk to a kbroker process (a SASL_PLAINTEXT listener,
the ACL authorizer, a throwaway user) through its recording proxy; only requests are kept.

Usage: .venv/bin/python tools/capture_security_frames.py --out tests/fixtures/frames/security-clients
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tools.capture_admin_frames as cap
from broker.security.credentials import add_user

WANTED = {17: "SaslHandshake", 36: "SaslAuthenticate", 29: "DescribeAcls", 30: "CreateAcls", 31: "DeleteAcls"}
USER, PASSWORD = "capture", "capture-password"


def drive(bootstrap: str) -> None:
    from confluent_kafka.admin import (
        AclBinding,
        AclBindingFilter,
        AclOperation,
        AclPermissionType,
        AdminClient,
        ResourcePatternType,
        ResourceType,
    )
    from kafka.admin import (
        ACL,
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        KafkaAdminClient,
        ResourcePattern,
        ResourcePatternFilter,
    )
    from kafka.admin import ResourceType as KType
    from kafka.admin._acls import ACLResourcePatternType

    sasl = {"security.protocol": "SASL_PLAINTEXT", "sasl.username": USER, "sasl.password": PASSWORD}
    a = AdminClient({"bootstrap.servers": bootstrap, "sasl.mechanism": "SCRAM-SHA-512", **sasl})
    binding = AclBinding(
        ResourceType.TOPIC,
        "cap",
        ResourcePatternType.PREFIXED,
        "User:bob",
        "*",
        AclOperation.READ,
        AclPermissionType.ALLOW,
    )
    for f in a.create_acls([binding]).values():
        f.result(10)
    a.describe_acls(
        AclBindingFilter(
            ResourceType.ANY,
            None,
            ResourcePatternType.ANY,
            None,
            None,
            AclOperation.ANY,
            AclPermissionType.ANY,
        )
    ).result(10)
    for f in a.delete_acls(
        [
            AclBindingFilter(
                ResourceType.TOPIC,
                "cap",
                ResourcePatternType.MATCH,
                None,
                None,
                AclOperation.ANY,
                AclPermissionType.ANY,
            )
        ]
    ).values():
        f.result(10)
    b = AdminClient({"bootstrap.servers": bootstrap, "sasl.mechanism": "PLAIN", **sasl})
    b.describe_acls(
        AclBindingFilter(
            ResourceType.TOPIC,
            None,
            ResourcePatternType.LITERAL,
            None,
            None,
            AclOperation.ANY,
            AclPermissionType.ANY,
        )
    ).result(10)
    for mechanism in ("PLAIN", "SCRAM-SHA-256"):
        k = KafkaAdminClient(
            bootstrap_servers=bootstrap,
            security_protocol="SASL_PLAINTEXT",
            sasl_mechanism=mechanism,
            sasl_plain_username=USER,
            sasl_plain_password=PASSWORD,
        )
        try:
            acl = ACL(
                "User:carol",
                "*",
                ACLOperation.WRITE,
                ACLPermissionType.DENY,
                ResourcePattern(KType.GROUP, "g"),
            )
            k.create_acls([acl])
            k.describe_acls(
                ACLFilter(
                    None,
                    "*",
                    ACLOperation.ANY,
                    ACLPermissionType.ANY,
                    ResourcePatternFilter(KType.GROUP, None, ACLResourcePatternType.ANY),
                )
            )
            k.delete_acls(
                [
                    ACLFilter(
                        None,
                        "*",
                        ACLOperation.ANY,
                        ACLPermissionType.ANY,
                        ResourcePatternFilter(KType.GROUP, "g", ACLResourcePatternType.LITERAL),
                    )
                ]
            )
        finally:
            k.close()

    async def aio() -> None:
        from aiokafka import AIOKafkaProducer

        p = AIOKafkaProducer(
            bootstrap_servers=bootstrap,
            security_protocol="SASL_PLAINTEXT",
            sasl_mechanism="SCRAM-SHA-512",
            sasl_plain_username=USER,
            sasl_plain_password=PASSWORD,
        )
        await p.start()
        await p.stop()

    asyncio.run(aio())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/security-clients")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    add_user(tmp / "users.json", USER, PASSWORD, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    port = cap._free_port()
    overrides = {
        "listeners": f"SASL_PLAINTEXT://127.0.0.1:{port}",
        "security.inter.broker.protocol": "SASL_PLAINTEXT",
        "sasl.credentials.file": str(tmp / "users.json"),
        "authorizer.class.name": "kbroker.AclAuthorizer",
        "super.users": f"User:{USER}",
        "log.dirs": str(tmp / "data"),
        "offsets.topic.num.partitions": "1",
    }
    cap.WANTED.clear()
    cap.WANTED.update(WANTED)
    with cap.kbroker(port, [f"{k}={v}" for k, v in overrides.items()]), cap.recording(port) as proxy:
        drive(f"127.0.0.1:{proxy.port}")
    # SaslAuthenticate carries the client's proof or its password: kept only for this throwaway
    # user, whose password is in this file anyway.
    cap.write_frames(args.out, cap.distinct(proxy.frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())
