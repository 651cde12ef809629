"""Must-show 1, KafkaJS too: the same scenario (produce, consume in a group, commit) over SSL,
SASL_PLAINTEXT (PLAIN, SCRAM-SHA-512) and SASL_SSL. KafkaJS is installed from npm into
tests/security/kafkajs/node_modules on first use (pinned in its package.json); without Node or
npm the test is skipped, saying why."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.security.support import USERS, start_secure_broker

pytestmark = pytest.mark.interop

HERE = Path(__file__).resolve().parent / "kafkajs"
N = 5


@pytest.fixture(scope="module")
def kafkajs():
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("Node.js and npm are needed for the KafkaJS interop test")
    if not (HERE / "node_modules" / "kafkajs").exists():
        done = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--silent"],
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            pytest.skip(f"npm install kafkajs failed: {done.stderr.strip()[-300:]}")
    return HERE / "client.js"


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(tmp_path_factory.mktemp("kafkajs"))
    try:
        yield sb
    finally:
        sb.process.stop()


MODES = [
    ("SSL", None),
    ("SASL_PLAINTEXT", "plain"),
    ("SASL_PLAINTEXT", "scram-sha-512"),
    ("SASL_SSL", "scram-sha-256"),
]


@pytest.mark.parametrize(("protocol", "mechanism"), MODES, ids=[f"{p}-{m}" if m else p for p, m in MODES])
def test_kafkajs(kafkajs, secure, protocol, mechanism):
    sb = secure
    settings = {
        "bootstrap": sb.bootstrap(protocol),
        "n": N,
        "topic": f"js-{protocol}-{mechanism}",
        "group": f"js-{protocol}-{mechanism}",
    }
    if "SSL" in protocol:
        settings |= {
            "ca": str(sb.certs.ca),
            "cert": str(sb.certs.client_cert),
            "key": str(sb.certs.client_key),
        }
    if mechanism:
        settings |= {"mechanism": mechanism, "username": "alice", "password": USERS["alice"]}
    done = subprocess.run(
        ["node", str(kafkajs), json.dumps(settings)], capture_output=True, text=True, timeout=120
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"got": [f"m{i}" for i in range(N)], "committed": N}, done.stderr[-2000:]
    assert sb.lines("fail authentication") == [] and sb.lines("fail tls handshake") == []
