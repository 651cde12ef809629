"""TLS for SSL and SASL_SSL listeners, with Python's ssl module and Kafka's property names.

Keystore: PEM only (`ssl.keystore.type=PEM`), either inline (KIP-651: `ssl.keystore.certificate.chain`
and `ssl.keystore.key`) or a file at `ssl.keystore.location` holding the private key and the
certificate chain. Truststore: `ssl.truststore.certificates` (inline PEM) or
`ssl.truststore.location` (a PEM file). `ssl.client.auth` none/requested/required maps to
CERT_NONE/CERT_OPTIONAL/CERT_REQUIRED on SSL listeners only: a SASL_SSL client authenticates with
SASL, so the broker-wide setting does not ask it for a certificate (KIP-684). The principal of a client that showed a certificate is
`User:` + its subject as an RFC 2253 name (Kafka's DefaultKafkaPrincipalBuilder), else ANONYMOUS.
"""

from __future__ import annotations

import os
import ssl
import tempfile
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broker.config import Config, ListenerSettings

ANONYMOUS = "User:ANONYMOUS"
CLIENT_AUTH = {"none": ssl.CERT_NONE, "requested": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}
_VERSIONS = {"TLSv1.2": ssl.TLSVersion.TLSv1_2, "TLSv1.3": ssl.TLSVersion.TLSv1_3}

# The short names RFC 2253 (and Java's X500Principal) use; other attributes keep their OID name.
_SHORT = {
    "commonName": "CN",
    "countryName": "C",
    "localityName": "L",
    "stateOrProvinceName": "ST",
    "organizationName": "O",
    "organizationalUnitName": "OU",
    "streetAddress": "STREET",
    "domainComponent": "DC",
    "userId": "UID",
}


def _escape(value: str) -> str:
    out = []
    for i, ch in enumerate(value):
        if ch in ',+"\\<>;' or (ch == "#" and i == 0) or (ch == " " and i in (0, len(value) - 1)):
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def rfc2253_name(subject: Any) -> str:
    """`getpeercert()`'s subject (RDNs in certificate order) as RFC 2253 text, most specific first."""
    return ",".join("+".join(f"{_SHORT.get(k, k)}={_escape(v)}" for k, v in rdn) for rdn in reversed(subject))


def principal_of(ssl_object: ssl.SSLObject | ssl.SSLSocket | None) -> str:
    if ssl_object is None:
        return ANONYMOUS
    cert = ssl_object.getpeercert()
    if not cert or not cert.get("subject"):
        return ANONYMOUS
    return "User:" + rfc2253_name(cert["subject"])


def _load_inline_chain(ctx: ssl.SSLContext, chain: str, key: str, password: str | None) -> None:
    # load_cert_chain reads files only: the inline PEM goes through a private temporary file,
    # removed at once.
    fd, path = tempfile.mkstemp(prefix="kbroker-keystore-", suffix=".pem")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(key.strip() + "\n" + chain.strip() + "\n")
        ctx.load_cert_chain(path, password=password)
    finally:
        os.unlink(path)


def _pem(text: str) -> str:
    # A properties file carries a PEM on one line with \n escapes, or with its newlines lost.
    return text.replace("\\n", "\n")


def server_context(config: Config | ListenerSettings, client_auth: str | None = None) -> ssl.SSLContext:
    """The SSLContext of this broker's TLS listeners; ValueError (naming the key) if it cannot be
    made. `client_auth` overrides ssl.client.auth (SASL_SSL listeners: "none", KIP-684)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    protocols = [p for p in config["ssl.enabled.protocols"] if p in _VERSIONS]
    if not protocols:
        raise ValueError("ssl.enabled.protocols: none of TLSv1.2, TLSv1.3")
    ctx.minimum_version = min(_VERSIONS[p] for p in protocols)
    ctx.maximum_version = max(_VERSIONS[p] for p in protocols)
    if config["ssl.cipher.suites"]:
        ctx.set_ciphers(":".join(config["ssl.cipher.suites"]))
    if not load_keystore(ctx, config):
        raise ValueError("ssl.keystore.location (or ssl.keystore.certificate.chain) is not set")
    trusts = load_truststore(ctx, config)
    mode = CLIENT_AUTH[client_auth or config["ssl.client.auth"]]
    if mode != ssl.CERT_NONE and not trusts:
        raise ValueError("ssl.client.auth needs a truststore (ssl.truststore.location or certificates)")
    ctx.verify_mode = mode
    return ctx


def load_keystore(ctx: ssl.SSLContext, config: Config | ListenerSettings) -> bool:
    """Load the broker's key and certificate chain (inline, or the file at ssl.keystore.location)
    into `ctx`; False if neither is set. ValueError naming the key if it cannot be loaded."""
    key_password = config["ssl.key.password"] or config["ssl.keystore.password"]
    chain, key, location = (
        config["ssl.keystore.certificate.chain"],
        config["ssl.keystore.key"],
        config["ssl.keystore.location"],
    )
    try:
        if chain or key:
            if not (chain and key):
                raise ValueError("ssl.keystore.certificate.chain and ssl.keystore.key go together")
            _load_inline_chain(ctx, _pem(chain), _pem(key), key_password)
        elif location:
            ctx.load_cert_chain(location, password=key_password)
        else:
            return False
    except (ssl.SSLError, OSError) as e:
        raise ValueError(f"ssl.keystore: cannot load the key and certificate chain: {e}") from None
    return True


def load_truststore(ctx: ssl.SSLContext, config: Config | ListenerSettings) -> bool:
    """Trust the CAs of ssl.truststore.certificates (inline) or ssl.truststore.location in `ctx`;
    False if neither is set. ValueError naming the key if they cannot be loaded."""
    trust_text, trust_location = config["ssl.truststore.certificates"], config["ssl.truststore.location"]
    try:
        if trust_text:
            ctx.load_verify_locations(cadata=_pem(trust_text))
        elif trust_location:
            ctx.load_verify_locations(cafile=trust_location)
        else:
            return False
    except (ssl.SSLError, OSError) as e:
        raise ValueError(f"ssl.truststore: cannot load the certificates: {e}") from None
    return True
