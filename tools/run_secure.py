"""`make run-secure`: a secured broker from config/secure.properties, with throwaway material.

On first use it writes to ./secure: a CA and certificates (tools/make_certs.py), the SASL users
`admin` (a super user) and `alice` with random passwords (their salted credentials in
users.json; the passwords in <user>.password, mode 0600), and a client settings file per user
(<user>.properties, Kafka's names, for `--command-config` and librdkafka). Then it runs the broker.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker.security.credentials import add_user  # noqa: E402
from tools.make_certs import make_certs  # noqa: E402


def prepare(out: Path) -> None:
    if (out / "users.json").exists():
        return
    make_certs(out)
    for user in ("admin", "alice"):
        password = secrets.token_urlsafe(18)
        add_user(out / "users.json", user, password, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
        (out / f"{user}.password").write_text(password + "\n")
        (out / f"{user}.password").chmod(0o600)
        props = out / f"{user}.properties"
        props.write_text(
            "security.protocol=SASL_SSL\n"
            "sasl.mechanism=SCRAM-SHA-512\n"
            f"sasl.username={user}\n"
            f"sasl.password={password}\n"
            f"ssl.ca.location={out / 'ca.pem'}\n"
        )
        props.chmod(0o600)
    print(f"kbroker: wrote a throwaway CA, certificates and users admin, alice to {out}", file=sys.stderr)
    print("kbroker: SASL_SSL on 127.0.0.1:9094; client settings in secure/<user>.properties", file=sys.stderr)


def main() -> int:
    os.chdir(ROOT)
    prepare(ROOT / "secure")
    os.execv(sys.executable, [sys.executable, "-m", "broker", "config/secure.properties", *sys.argv[1:]])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
