"""protocol/typed.py is what `python -m protocol.typegen` makes of the declarations, and its types
name exactly the fields the codecs read and write."""

from __future__ import annotations

import typing

import pytest

from protocol import typed, typegen
from protocol.apis import ALL, ApiKey


def test_checked_in_file_is_generated_from_the_declarations() -> None:
    # A declaration changed without `python -m protocol.typegen`: the types would drift.
    assert typegen.TARGET.read_text() == typegen.generate(), "run `python -m protocol.typegen`"


def test_check_mode_reports_up_to_date() -> None:
    assert typegen.main(["--check"]) == 0


@pytest.mark.parametrize("api", ALL, ids=lambda a: a.name)
def test_types_name_every_decoded_field(api) -> None:
    # Requests: every field a decoded Container carries, in every version, is an attribute.
    request = getattr(typed, api.request.name)
    names = {n for n in request.__annotations__}
    for version in range(api.min_version, api.max_version + 1):
        assert set(api.request.defaults(version)) == names
    # Responses: the TypedDict's keys are the declared fields.
    response = getattr(typed, api.response.name)
    assert set(typing.get_type_hints(response)) == {f.name for f in api.response.fields}


def test_one_endpoint_per_api_key() -> None:
    for key in ApiKey:
        endpoint = getattr(typed, key.name)
        assert isinstance(endpoint, typed.Endpoint)
        assert endpoint.key == key
