"""Small widgets of the filter panel: a spin box that may be blank, and the text of an
``/option/search`` item in a combo box."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from app.model.vocabulary import rarity_by_number
from app.search.filters import RANGE_MAX


def item_text(field: str, item: dict[str, Any]) -> str:
    """What a combo box says for an ``/option/search`` item: its text; a set's prefix and
    name (``DOA 1st · Dawn of Ashes First Edition``); a rarity's code and name
    (``UR · Ultra Rare``, also when the stored options lack them)."""
    value, text = str(item.get("value", "")), str(item.get("text", ""))
    if field == "rarity" and value.isdigit():
        known = rarity_by_number(int(value))
        code = item.get("display") or (known.code if known else "")
        name = known.name if known else text
        return f"{code} · {name}" if code else name
    if field == "set" and text and text != value:
        return f"{value} · {text}"
    return text or value


class OptionalSpinBox(QSpinBox):
    """A spin box whose blank text means "no bound" (:meth:`bound` is then None).

    Args:
        placeholder: shown while blank (``min``, ``max``).
        parent: the owning widget.
    """

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(-1, RANGE_MAX)
        self.setValue(-1)
        self.lineEdit().setPlaceholderText(placeholder)
        self.setAccelerated(True)

    def bound(self) -> int | None:
        """The value, or None when blank."""
        return None if self.value() < 0 else self.value()

    def set_bound(self, bound: int | None) -> None:
        """Show ``bound`` (None: blank)."""
        self.setValue(-1 if bound is None else bound)

    def textFromValue(self, value: int) -> str:
        """Blank for "no bound"."""
        return "" if value < 0 else str(value)

    def valueFromText(self, text: str) -> int:
        """Blank text is "no bound" (-1)."""
        return -1 if not text.strip() else int(text)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Blank is acceptable; anything else as a plain spin box decides."""
        if not text.strip():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)


def family_of(prefix: str) -> str:
    """The family of a set prefix: its first word (``DOA 1st`` → ``DOA``); a prefix without
    a space is its own family (``DOAp``), as ``s:`` reads them."""
    return prefix.split(" ", 1)[0]


def set_entries(items: list[dict[str, Any]]) -> list[tuple[str, str, bool]]:
    """The Set list grouped by family: ``(text, value, member)`` per line. A family of
    several prefixes (``DOA 1st``, ``DOA Alter``) gets a line of its own that chooses them
    all (``DOA — every edition: 1st, Alter``, value ``DOA``) unless a set has that very
    prefix (``ALC``: its line leads the family); its sets follow as members."""
    families: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        families.setdefault(family_of(str(item.get("value", ""))).casefold(), []).append(item)
    out: list[tuple[str, str, bool]] = []
    for members in families.values():
        values = [str(m.get("value", "")) for m in members]
        root = family_of(values[0])
        if len(members) == 1:
            out.append((item_text("set", members[0]), values[0], False))
            continue
        lead = next((m for m in members if str(m.get("value")) == root), None)
        if lead is None:
            rest = ", ".join(v.split(" ", 1)[1] for v in values if " " in v)
            out.append((f"{root} — every edition: {rest}", root, False))
        else:
            out.append((item_text("set", lead), root, False))
        out += [(item_text("set", m), str(m.get("value", "")), True) for m in members
                if m is not lead]
    return out
