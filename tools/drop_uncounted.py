"""Drop the numbers and dates that nothing backs from entries (issue #10), once, reviewably.

For every entry file given (default: all of entries/):
- workarounds (and the parallel workarounds_zh) are put in the order pages showed them until now (typed
  success_rate, highest first, stable; unrated last), so readers see the same order once the rates are gone;
  a translation stamp that was current stays current (only the order changed, not the text);
- the typed rates are removed: `success_rate` / `fail_rate` of items without `evidence`, and `confidence`,
  `fix_success_rate` (an entry-level rate has nothing it can be counted on);
- `first_seen` is removed (no entry can name a source for it; the seeds put placeholder dates there);
- `last_confirmed` is kept only where a stored reproduction shows the error, as that reproduction's date.

Usage: .venv/bin/python tools/drop_uncounted.py [ENTRY.json ...]   (prints what it changed, one line a file)
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.l10n.translation import source_hash, translation_source  # noqa: E402

ENTRY_RATES = ("confidence", "fix_success_rate")


def _shown_order(workarounds: list[dict]) -> list[int]:
    """The order pages used for typed rates: rated first, highest first, then the rest; ties keep the file order."""
    def key(i: int) -> tuple[bool, float, int]:
        rate = workarounds[i].get("success_rate")
        return (rate is None, -(rate or 0.0), i)
    return sorted(range(len(workarounds)), key=key)


def migrate(data: dict, counts: Counter) -> list[str]:
    """Change `data` in place; what was changed, in words."""
    done: list[str] = []
    was = source_hash(translation_source(data, "workarounds_zh"))
    order = _shown_order(data["workarounds"])
    if order != list(range(len(order))):
        data["workarounds"] = [data["workarounds"][i] for i in order]
        if len(data.get("workarounds_zh", [])) == len(order):
            data["workarounds_zh"] = [data["workarounds_zh"][i] for i in order]
        else:  # never the case today (E602); the translation then stays as it was
            print(f"  {data['id']}: workarounds_zh does not line up; reordered the English only", file=sys.stderr)
        stamps = data.get("translated_from", {})
        if stamps.get("workarounds_zh") == was:  # current before: still current, the text is the same
            stamps["workarounds_zh"] = source_hash(translation_source(data, "workarounds_zh"))
        counts["entries reordered"] += 1
        done.append("reordered workarounds " + ",".join(map(str, order)))
    removed = 0
    for kind, rate in (("workarounds", "success_rate"), ("dead_ends", "fail_rate")):
        for item in data[kind]:
            if rate in item and "evidence" not in item:
                del item[rate]
                counts[f"{rate} removed"] += 1
                removed += 1
            elif rate in item:
                counts[f"{rate} kept (evidence)"] += 1
    for name in ENTRY_RATES:
        if name in data:
            del data[name]
            counts[f"{name} removed"] += 1
            removed += 1
    if removed:
        done.insert(0, f"{removed} typed rate(s) removed")
    if "first_seen" in data:
        done.append(f"first_seen {data.pop('first_seen')} removed")
        counts["first_seen removed"] += 1
    repro = data.get("reproduction")
    if "last_confirmed" in data:
        if repro and data["last_confirmed"] <= repro["date"]:
            if data["last_confirmed"] != repro["date"]:
                done.append(f"last_confirmed {data['last_confirmed']} -> {repro['date']} (the reproduction's date)")
                data["last_confirmed"] = repro["date"]
            counts["last_confirmed kept (reproduction)"] += 1
        else:
            done.append(f"last_confirmed {data.pop('last_confirmed')} removed")
            counts["last_confirmed removed"] += 1
    return done


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "entries").glob("*/*.json"))
    counts: Counter = Counter()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        done = migrate(data, counts)
        new = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        if new != text:
            counts["entries changed"] += 1
            path.write_text(new, encoding="utf-8")
            print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: " + "; ".join(done))
    for k, v in sorted(counts.items()):
        print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
