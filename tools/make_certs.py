"""A throwaway CA and certificates for trying TLS (config/secure.properties) and for the tests.

`python tools/make_certs.py DIR [--user alice --password-file F]` writes, all PEM:
  ca.pem                 the CA's certificate (the truststore of the broker and of clients)
  ca-key.pem             its key
  broker.pem             the broker's key and certificate chain (ssl.keystore.location), for
                         127.0.0.1 and localhost
  client.pem / client-key.pem   a client certificate (CN=client) signed by the CA
  other-ca.pem, rogue.pem / rogue-key.pem   a second CA and a client certificate it signed (the
                         broker must refuse it under ssl.client.auth=required)
and, with --user, `users.json` (sasl.credentials.file) holding that user's salted SCRAM credentials.
Nothing here is a secret worth keeping: it is made fresh, on this machine, each time.
"""

from __future__ import annotations

import argparse
import datetime
import ipaddress
import sys
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


@dataclass(frozen=True, slots=True)
class Certs:
    dir: Path
    ca: Path
    broker: Path  # key + chain, one file
    client_cert: Path
    client_key: Path
    other_ca: Path
    rogue_cert: Path
    rogue_key: Path
    client_subject: str  # RFC 2253, as the broker names the client's principal


def _name(cn: str, org: str = "kbroker test") -> x509.Name:
    return x509.Name(
        [x509.NameAttribute(NameOID.ORGANIZATION_NAME, org), x509.NameAttribute(NameOID.COMMON_NAME, cn)]
    )


def _key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _pem_cert(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def _ca(cn: str) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = _key()
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(cn))
        .issuer_name(_name(cn))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return cert, key


def _leaf(
    ca: x509.Certificate, ca_key: ec.EllipticCurvePrivateKey, cn: str, server: bool
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = _key()
    now = datetime.datetime.now(datetime.UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(cn))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage(
                [ExtendedKeyUsageOID.SERVER_AUTH if server else ExtendedKeyUsageOID.CLIENT_AUTH]
            ),
            critical=False,
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
    )
    if server:
        builder = builder.add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
    return builder.sign(ca_key, hashes.SHA256()), key


def make_certs(out: Path) -> Certs:
    out.mkdir(parents=True, exist_ok=True)
    ca, ca_key = _ca("kbroker test CA")
    broker, broker_key = _leaf(ca, ca_key, "localhost", server=True)
    client, client_key = _leaf(ca, ca_key, "client", server=False)
    other, other_key = _ca("some other CA")
    rogue, rogue_key = _leaf(other, other_key, "client", server=False)
    files = {
        "ca.pem": _pem_cert(ca),
        "ca-key.pem": _pem_key(ca_key),
        "broker.pem": _pem_key(broker_key) + _pem_cert(broker) + _pem_cert(ca),
        "client.pem": _pem_cert(client),
        "client-key.pem": _pem_key(client_key),
        "other-ca.pem": _pem_cert(other),
        "rogue.pem": _pem_cert(rogue),
        "rogue-key.pem": _pem_key(rogue_key),
    }
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        if "key" in name or name == "broker.pem":
            path.chmod(0o600)
    return Certs(
        out,
        out / "ca.pem",
        out / "broker.pem",
        out / "client.pem",
        out / "client-key.pem",
        out / "other-ca.pem",
        out / "rogue.pem",
        out / "rogue-key.pem",
        client.subject.rfc4514_string(),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dir", type=Path)
    parser.add_argument("--user", action="append", default=[], help="a SASL user for users.json")
    parser.add_argument("--password-file", type=Path, help="their password (default: the user name)")
    args = parser.parse_args(argv)
    certs = make_certs(args.dir)
    print(f"wrote a throwaway CA and certificates to {certs.dir}")
    if args.user:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from broker.security.credentials import add_user

        for user in args.user:
            password = args.password_file.read_text().strip() if args.password_file else user
            add_user(args.dir / "users.json", user, password, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
            print(f"added SASL user {user} to {args.dir / 'users.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
