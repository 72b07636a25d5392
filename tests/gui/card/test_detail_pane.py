"""The detail pane over real cards: sections, links, history, flip, Thema, safety, themes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.card.detail_pane import DetailPane
from app.gui.card.safe_text import SafeText
from app.gui.kit.detail_data import detail_from_card, load_detail
from app.gui.kit.theme import dark_palette
from app.gui.kit.thumbnails import ThumbnailProvider
from app.gui.shell.main_window import MainWindow

EVIL_EFFECT = ('<img src=http://x> <a href="javascript:alert(1)">run</a> '
               '<img src="file:///etc/passwd"> **On Enter:** draw.')


def click_text(qtbot: QtBot, text: SafeText, words: str) -> None:
    """Click in the middle of ``words`` in a SafeText: their first occurrence in a link, else
    their first occurrence."""
    document = text.document()
    found = document.find(words)
    assert not found.isNull(), f"{words!r} not in {text.objectName()}"
    middle = QTextCursor(document)
    while not found.isNull():
        middle.setPosition((found.selectionStart() + found.selectionEnd()) // 2)
        if middle.charFormat().isAnchor():
            break
        found = document.find(words, found)
    if found.isNull():
        found = document.find(words)
        middle.setPosition((found.selectionStart() + found.selectionEnd()) // 2)
    rect = text.cursorRect(middle)
    qtbot.mouseClick(text.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(rect.x(), rect.center().y()))


def anchors(document: QTextDocument) -> list[str]:
    """Every link target in a document."""
    found: list[str] = []
    block = document.begin()
    while block.isValid():
        cursor = QTextCursor(block)
        for position in range(block.position(), block.position() + block.length()):
            cursor.setPosition(position)
            href = cursor.charFormat().anchorHref()
            if href and href not in found:
                found.append(href)
        block = block.next()
    return found


@pytest.fixture
def provider(real_services: Application) -> Iterator[ThumbnailProvider]:
    made = ThumbnailProvider(real_services.catalogue.card_image_path,
                             real_services.paths.thumbnails)
    yield made
    made.shutdown()


@pytest.fixture
def pane(qtbot: QtBot, provider: ThumbnailProvider) -> DetailPane:
    made = DetailPane(provider)
    qtbot.addWidget(made)
    made.resize(640, 900)
    made.show()
    return made


def show(pane: DetailPane, services: Application, slug: str) -> None:
    pane.show_detail(load_detail(services.catalogue, slug, services.history, services.collection))


@pytest.mark.realdata
def test_a_real_card_shows_each_section(pane: DetailPane, real_services: Application) -> None:
    show(pane, real_services, "beckon-attention")
    assert pane.name.text() == "Beckon Attention"
    assert pane.type_line.text() == "Action — Guardian, Skill, Reaction"
    facts = pane.facts.toPlainText()
    assert "2 Reserve" in facts and "Guardian" in facts and "Fast" in facts
    assert "Class Bonus" in pane.effect.toPlainText() and pane.card.effect_box.isVisible()
    sections = " ".join(pane.sections.toPlainText().split())  # badges pad with spaces
    for words in ("Legality", "Draft: Banned", "Standard: Banned", "Pantheon: Legal",
                  "Rules and errata", "2026-03-27 · ERRATA", "References",
                  "Crowd's Favor · Status"):
        assert words in sections
    assert anchors(pane.sections.document()) == ["archivist://card/crowds-favor"]
    assert pane.editions_title.text() == "2 editions"
    panel = pane.edition_panel
    assert panel.isVisible() and panel.title.text().startswith("RDOP · ")
    assert "Illustrated by Dragonart" in panel.side.toPlainText()
    tables = panel.tables.toPlainText()
    assert "Prints" in tables and "≈ 5,700" in tables and "Thema" in tables
    assert not panel.flip_button.isVisible()
    assert all(not text.refused for text in pane.findChildren(SafeText))


@pytest.mark.realdata
def test_choosing_another_edition_shows_it(pane: DetailPane, real_services: Application) -> None:
    show(pane, real_services, "spirit-of-fire")
    editions = pane.detail.editions if pane.detail else []
    assert pane.edition_panel.edition == next(e for e in editions if e.has_image)
    pane.editions.setCurrentIndex(pane.edition_model.index(len(editions) - 1))
    assert pane.edition_panel.edition == editions[-1]
    assert "Promotional Rare (PR)" in pane.edition_panel.side.toPlainText()


@pytest.mark.realdata
def test_referenced_by_is_a_list_of_links(pane: DetailPane, real_services: Application) -> None:
    show(pane, real_services, "vacuous-servant")
    assert "Referenced by" in pane.sections.toPlainText()
    assert len(anchors(pane.sections.document())) == 7
    assert all(url.startswith("archivist://card/") for url in anchors(pane.sections.document()))


@pytest.mark.realdata
def test_clicking_a_reference_asks_for_that_card(qtbot: QtBot, pane: DetailPane,
                                                 real_services: Application) -> None:
    show(pane, real_services, "beckon-attention")
    with qtbot.waitSignal(pane.cardRequested) as requested:
        click_text(qtbot, pane.sections, "Crowd's Favor")
    assert requested.args == ["crowds-favor"]


@pytest.mark.realdata
def test_flip_shows_the_other_face_and_back(qtbot: QtBot, pane: DetailPane,
                                            real_services: Application) -> None:
    show(pane, real_services, "fabled-azurite-fatestone")
    panel = pane.edition_panel
    assert panel.flip_button.isVisible() and panel.face == 0
    assert "Flip card, front face" in panel.side.toPlainText()
    assert "Seiryuu" not in panel.side.toPlainText()
    qtbot.mouseClick(panel.flip_button, Qt.MouseButton.LeftButton)
    # the other face is laid out full width below the image, like the front
    assert "Flip card, back face" in panel.side.toPlainText()
    flipped = panel.side.toPlainText() + "\n" + panel.face_text.toPlainText()
    assert panel.face == 1 and "Back face: Seiryuu, Azure Dragon" in flipped
    assert "Flip card, back face" in flipped
    assert "Ally — Tamer, Beast, Shenju, Fatebound, Dragon" in flipped
    assert "Taunt" in flipped and panel.flip_button.text() == "Flip back"
    qtbot.mouseClick(panel.flip_button, Qt.MouseButton.LeftButton)
    assert panel.face == 0 and "Seiryuu" not in panel.side.toPlainText()
    assert not panel.face_text.isVisibleTo(panel)
    assert pane.name.text() == "Fabled Azurite Fatestone"  # the card itself never flips


@pytest.mark.realdata
def test_a_dynamic_edition_links_to_its_thema_chart(qtbot: QtBot, pane: DetailPane,
                                                    real_services: Application) -> None:
    show(pane, real_services, "silvie-wilds-whisperer")
    assert pane.detail is not None
    row = next(r for r, e in enumerate(pane.detail.editions) if e.uuid == "8otxPih25B")
    pane.editions.setCurrentIndex(pane.edition_model.index(row))
    tables = pane.edition_panel.tables
    assert "dynamic" in tables.toPlainText() and "2,000" in tables.toPlainText()
    with qtbot.waitSignal(pane.themaRequested) as requested:
        click_text(qtbot, tables, "Show foil Thema chart")
    assert requested.args == ["8otxPih25B", "FOIL"]


def test_html_in_catalogue_texts_is_shown_as_text_and_loads_nothing(
        qtbot: QtBot, pane: DetailPane) -> None:
    card: dict[str, Any] = {
        "slug": "evil", "name": "<b>Evil</b>", "types": ["ALLY"], "effect": EVIL_EFFECT,
        "flavor": '<img src="https://x/f.png">', "legality": None,
        "rule": [{"title": "<i>t</i>", "date_added": "2025-01-01",
                  "description": '<a href="http://x">x</a>'}],
        "references": [{"kind": "SUMMON", "name": "<img src=http://y>", "slug": "ok",
                        "direction": "TO"}],
        "referenced_by": [], "editions": [],
    }

    class NoImages:
        def card(self, slug: str) -> dict[str, Any]:
            raise AssertionError

        def card_image_path(self, filename: str) -> None:
            return None

    asked: list[str] = []
    original = SafeText.loadResource

    def spy(self: SafeText, kind: int, url: Any) -> object:
        asked.append(url.toString())
        return original(self, kind, url)

    pane.show_detail(detail_from_card(card, NoImages()))
    SafeText.loadResource = spy  # type: ignore[method-assign]
    try:
        pane.show_detail(detail_from_card(card, NoImages()))
        pane.repaint()
    finally:
        SafeText.loadResource = original  # type: ignore[method-assign]
    assert asked == []
    assert all(not text.refused for text in pane.findChildren(SafeText))
    assert pane.name.text() == "<b>Evil</b>"  # a plain-text label
    assert "<img src=http://x>" in pane.effect.toPlainText()
    assert '<a href="javascript:alert(1)">run</a>' in pane.effect.toPlainText()
    assert "On Enter:" in pane.effect.toPlainText()
    assert '<img src="https://x/f.png">' in pane.flavor.toPlainText()
    assert '<a href="http://x">x</a>' in pane.sections.toPlainText()
    assert anchors(pane.effect.document()) == []
    assert anchors(pane.sections.document()) == ["archivist://card/ok"]
    with qtbot.assertNotEmitted(pane.cardRequested), qtbot.assertNotEmitted(
            pane.themaRequested):
        click_text(qtbot, pane.effect, "javascript")


def test_a_safe_text_refuses_every_resource_and_follows_only_internal_links(
        qtbot: QtBot) -> None:
    text = SafeText("probe")
    qtbot.addWidget(text)
    text.resize(400, 200)
    text.show()
    text.set_html('<p><img src="http://x/a.png"><img src="file:///etc/passwd">'
                  '<a href="https://example.com/">outside</a> '
                  '<a href="javascript:alert(1)">script</a> '
                  '<a href="archivist://card/a">inside</a></p>')
    text.repaint()
    assert "http://x/a.png" in text.refused and "file:///etc/passwd" in text.refused
    with qtbot.assertNotEmitted(text.linkActivated):
        click_text(qtbot, text, "outside")
        click_text(qtbot, text, "script")
    with qtbot.waitSignal(text.linkActivated) as activated:
        click_text(qtbot, text, "inside")
    assert activated.args == ["archivist://card/a"]


@pytest.mark.realdata
def test_the_dark_palette_recolours_the_texts(pane: DetailPane, real_services: Application) -> None:
    show(pane, real_services, "beckon-attention")
    light_css = pane.sections.document().defaultStyleSheet()
    pane.setPalette(dark_palette())
    dark_css = pane.sections.document().defaultStyleSheet()
    assert dark_css != light_css and "#e6e6e6" in dark_css  # the dark palette's text
    assert "#f7f4ec" not in pane.card.effect_box.styleSheet()  # no light paper in the dark
    assert "Crowd's Favor" in pane.sections.toPlainText()


@pytest.mark.realdata
def test_gallery_requests(qtbot: QtBot, pane: DetailPane, real_services: Application) -> None:
    assert not pane.gallery_button.isEnabled()
    show(pane, real_services, "spirit-of-fire")
    assert pane.gallery_button.isEnabled()
    with qtbot.waitSignal(pane.galleryRequested) as requested:
        qtbot.mouseClick(pane.gallery_button, Qt.MouseButton.LeftButton)
    assert requested.args == [pane.detail, -1]
    pane.editions.setCurrentIndex(pane.edition_model.index(2))
    with qtbot.waitSignal(pane.galleryRequested) as requested:
        qtbot.keyClick(pane.editions, Qt.Key.Key_Return)
    assert requested.args == [pane.detail, 2]
    with qtbot.waitSignal(pane.galleryRequested) as requested:
        qtbot.mouseDClick(pane.editions.viewport(), Qt.MouseButton.LeftButton,
                          pos=pane.editions.visualRect(pane.edition_model.index(3)).center())
    assert requested.args == [pane.detail, 3]
    with qtbot.waitSignal(pane.galleryRequested) as requested:
        qtbot.keyClick(pane, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert requested.args == [pane.detail, -1]


# The whole window: reference links, Back and Forward, the Thema link ---------------------
@pytest.fixture
def window(qtbot: QtBot, real_window: MainWindow) -> MainWindow:
    qtbot.waitUntil(lambda: real_window.model.rowCount() > 0, timeout=10_000)
    return real_window


def wait_for_card(qtbot: QtBot, window: MainWindow, slug: str) -> None:
    qtbot.waitUntil(lambda: window.detail.slug == slug and not window.controller.busy,
                    timeout=10_000)


@pytest.mark.realdata
def test_references_navigate_and_back_and_forward_return(qtbot: QtBot,
                                                         window: MainWindow) -> None:
    detail = window.detail
    window.select_card("beckon-attention")
    wait_for_card(qtbot, window, "beckon-attention")
    assert not detail.back_button.isEnabled()
    click_text(qtbot, detail.sections, "Crowd's Favor")
    wait_for_card(qtbot, window, "crowds-favor")
    assert detail.back_button.isEnabled() and not detail.forward_button.isEnabled()

    qtbot.mouseClick(detail.back_button, Qt.MouseButton.LeftButton)
    wait_for_card(qtbot, window, "beckon-attention")
    assert detail.forward_button.isEnabled() and not detail.back_button.isEnabled()
    qtbot.mouseClick(detail.forward_button, Qt.MouseButton.LeftButton)
    wait_for_card(qtbot, window, "crowds-favor")

    qtbot.keyClick(window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    wait_for_card(qtbot, window, "beckon-attention")
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    wait_for_card(qtbot, window, "crowds-favor")

    qtbot.mouseClick(detail.sections.viewport(), Qt.MouseButton.BackButton)
    wait_for_card(qtbot, window, "beckon-attention")
    qtbot.mouseClick(detail.edition_panel.side.viewport(), Qt.MouseButton.ForwardButton)
    wait_for_card(qtbot, window, "crowds-favor")
    assert detail.history.entries() == ["beckon-attention", "crowds-favor"]

    window.select_card("spirit-of-fire")  # a new card after Back drops the Forward entries
    wait_for_card(qtbot, window, "spirit-of-fire")
    detail.back()
    wait_for_card(qtbot, window, "crowds-favor")
    window.select_card("lost-in-thought")
    wait_for_card(qtbot, window, "lost-in-thought")
    assert detail.history.entries() == ["beckon-attention", "crowds-favor", "lost-in-thought"]


@pytest.mark.realdata
def test_the_thema_link_opens_the_thema_page(qtbot: QtBot, window: MainWindow) -> None:
    window.select_card("silvie-wilds-whisperer")
    wait_for_card(qtbot, window, "silvie-wilds-whisperer")
    detail = window.detail
    assert detail.detail is not None
    row = next(r for r, e in enumerate(detail.detail.editions) if e.uuid == "8otxPih25B")
    detail.editions.setCurrentIndex(detail.edition_model.index(row))
    with qtbot.waitSignal(detail.themaRequested):
        click_text(qtbot, detail.edition_panel.tables, "Show foil Thema chart")
    assert window.current_page() == "thema"


@pytest.mark.realdata
def test_back_after_a_card_was_not_found_shows_the_last_card_again(
        qtbot: QtBot, pane: DetailPane, real_services: Application) -> None:
    show(pane, real_services, "beckon-attention")
    assert not pane.back_button.isEnabled()
    pane.show_message("Card not found: no card has the slug 'gone'")  # a dead reference
    assert pane.back_button.isEnabled() and not pane.gallery_button.isEnabled()
    with qtbot.waitSignal(pane.cardRequested) as requested:
        qtbot.mouseClick(pane.back_button, Qt.MouseButton.LeftButton)
    assert requested.args == ["beckon-attention"]
    show(pane, real_services, "beckon-attention")
    assert pane.history.entries() == ["beckon-attention"] and not pane.back_button.isEnabled()


@pytest.mark.realdata
def test_the_back_face_stats_do_not_wrap_letter_by_letter(
        qtbot: QtBot, real_services: Application) -> None:
    """At the default 1280×800 window the back face's stats read as words."""
    from app.gui.shell.main_window import MainWindow

    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    try:
        window.select_card("fabled-azurite-fatestone")
        qtbot.waitUntil(lambda: window.detail.slug == "fabled-azurite-fatestone", timeout=10_000)
        panel = window.detail.edition_panel
        panel.flip()
        face = panel.face_text
        qtbot.waitUntil(face.isVisible)
        layout = face.document().documentLayout()
        block = face.document().findBlock(0)
        lines = []
        while block.isValid():  # every line of every block of the face's text
            text = block.text()
            for i in range(block.layout().lineCount()):
                line = block.layout().lineAt(i)
                lines.append(text[line.textStart():line.textStart() + line.textLength()])
            block = block.next()
        del layout
        assert "10 Reserve" in lines and "Arcane" in lines
        assert not [line for line in lines if len(line.strip()) == 1 and line.strip().isalpha()]
    finally:
        window.shutdown()


def test_a_bidi_override_in_card_text_is_shown_escaped_not_obeyed(qtbot: QtBot) -> None:
    text = SafeText("effect")
    qtbot.addWidget(text)
    text.set_html("<p><b>Evil \u202edeck</b> name\u2066 here</p>")
    shown = text.toPlainText()
    assert "\u202e" not in shown and "\u2066" not in shown
    assert "Evil \\u202edeck name\\u2066 here" in shown
