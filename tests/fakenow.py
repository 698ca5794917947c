"""Run MkDocs as if today were another day: `python tests/fakenow.py DAYS mkdocs-args…` shifts the clock that
Python's datetime and time report by DAYS days (faketime for one Python process; tests of reproducibility)."""
from __future__ import annotations

import datetime as _dt
import sys
import time as _time

_SHIFT = float(sys.argv.pop(1)) * 86400
_real_time = _time.time


class _Shifted(_dt.datetime):
    @classmethod
    def now(cls, tz=None):
        return _dt.datetime.fromtimestamp(_real_time() + _SHIFT, tz)

    @classmethod
    def utcnow(cls):
        return _dt.datetime.fromtimestamp(_real_time() + _SHIFT, _dt.UTC).replace(tzinfo=None)

    @classmethod
    def today(cls):
        return cls.now()


class _ShiftedDate(_dt.date):
    @classmethod
    def today(cls):
        return _dt.date.fromtimestamp(_real_time() + _SHIFT)


_real_datetime = _dt.datetime
_dt.datetime = _Shifted  # before MkDocs and its plugins import it
_dt.date = _ShiftedDate
_time.time = lambda: _real_time() + _SHIFT

if __name__ == "__main__":
    from mkdocs.__main__ import cli

    sys.argv[0] = "mkdocs"
    cli()
