"""The optional C accelerator of the client's record decoder (client/_crecords.c).

`optional=True`: when it cannot be built (no compiler, no Python headers) the install goes on
and client/records.py uses its pure-Python decoder. Everything else is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("client._crecords", ["client/_crecords.c"], optional=True, extra_compile_args=["-O2"]),
    ]
)
