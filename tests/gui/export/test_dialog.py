"""File ▸ Export…: the dialog exports in a worker with progress and Cancel; Copy image,
drag-out's files and Help ▸ About over the real catalogue."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtGui import QGuiApplication, QImage
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.export import plan_query
from app.gui.export.dialog import ExportDialog
from app.gui.export.task import ExportOutcome, ExportScope, ExportTask
from app.gui.kit.clipboard import named_copy
from app.gui.shell.about_dialog import ATTRIBUTION, AboutDialog
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata
FIRE, CHAMPIONS = "s:FTC el:fire", "s:FTC t:champion"


@pytest.fixture
def make_dialog(qtbot: QtBot, real_services: Application, tmp_path: Path) -> Iterator[object]:
    made: list[ExportDialog] = []

    def make(query: str = FIRE, api: str | None = None) -> ExportDialog:
        store = real_services.store
        task = ExportTask(real_services.images, real_services.export.image_fetcher,
                          lambda: api, proxies=real_services.export.proxy_texts)
        scope = ExportScope(f"Every edition matching “{query}”",
                            lambda: plan_query(store, query))
        dialog = ExportDialog(task, [scope], tmp_path / "out")
        task.setParent(dialog)
        qtbot.addWidget(dialog)
        dialog.show()
        made.append(dialog)
        return dialog

    yield make
    for dialog in made:
        dialog.task.shutdown()


def run(qtbot: QtBot, dialog: ExportDialog) -> ExportOutcome:
    with qtbot.waitSignal(dialog.task.finished, timeout=120_000) as blocker:
        dialog.export_button.click()
    outcome = blocker.args[0]
    assert isinstance(outcome, ExportOutcome)
    return outcome


def test_the_dialog_exports_rounded_pngs_with_progress(qtbot: QtBot, make_dialog, tmp_path: Path
                                                       ) -> None:
    dialog = make_dialog()
    dialog.form.format.setCurrentIndex(dialog.form.format.findData("png-rounded"))
    dialog.form.width_box.setValue(200)
    steps: list[int] = []
    dialog.task.progressed.connect(lambda done, _total, _name: steps.append(done))
    outcome = run(qtbot, dialog)
    assert outcome.report is not None and outcome.report.complete
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 13 and files[0].name == "FTC-001-UR-spirit-of-serene-fire.png"
    with Image.open(files[0]) as image:
        assert image.size == (200, 280) and image.mode == "RGBA"
    qtbot.waitUntil(lambda: steps[-1:] == [13])
    assert "Exported 13 of 13" in dialog.status.text()
    assert dialog.open_button.isVisible() and dialog.close_button.text() == "Close"


def test_missing_images_are_listed_in_the_dialog(qtbot: QtBot, make_dialog) -> None:
    dialog = make_dialog(CHAMPIONS)
    outcome = run(qtbot, dialog)
    assert "1 missing" in dialog.status.text()
    assert dialog.details.isVisible()
    assert "Merlin, Kingslayer — FTC 004B" in dialog.details.toPlainText()
    assert outcome.problems()[0].item.collector_number == "004B"


def test_cancel_stops_the_export_and_leaves_only_whole_files(
        qtbot: QtBot, make_dialog, tmp_path: Path) -> None:
    dialog = make_dialog("s:FTC")
    dialog.form.format.setCurrentIndex(dialog.form.format.findData("png-rounded"))
    with qtbot.waitSignal(dialog.task.finished, timeout=120_000) as blocker:
        dialog.export_button.click()
        assert dialog.close_button.text() == "Cancel"
        dialog.reject()  # the Cancel button
        assert dialog.isVisible()
    outcome = blocker.args[0]
    assert outcome.cancelled and "Cancelled" in dialog.status.text()
    out = tmp_path / "out"
    written = list(out.iterdir()) if out.exists() else []
    assert len(written) < 97 and not [p for p in written if p.name.endswith(".part")]
    for path in written:
        with Image.open(path) as image:
            image.load()


def test_a_bad_template_disables_export_with_the_reason(make_dialog) -> None:
    dialog = make_dialog()
    dialog.form.template.setText("{set}-{slug}")
    assert not dialog.export_button.isEnabled()
    assert "Unknown placeholder {set}" in dialog.export_button.toolTip()
    assert "Unknown placeholder {set}" in dialog.form.preview.text()
    dialog.form.template.setText("{name} {rarity}")
    assert dialog.export_button.isEnabled()
    assert dialog.form.preview.text() == "e.g. Spirit of Fire C.jpg"


def test_the_dialog_writes_a_proxy_sheet(qtbot: QtBot, make_dialog, tmp_path: Path) -> None:
    dialog = make_dialog()
    dialog.form.sheet_radio.setChecked(True)
    dialog.form.pdf_file.setText(str(tmp_path / "fire.pdf"))
    dialog.form.page.setCurrentIndex(dialog.form.page.findData("Letter"))
    outcome = run(qtbot, dialog)
    assert outcome.pages == 2 and "fire.pdf: 2 pages" in dialog.status.text()
    assert len(PdfReader(tmp_path / "fire.pdf").pages) == 2


def test_a_card_without_an_image_is_a_named_text_proxy_on_the_sheet(
        qtbot: QtBot, make_dialog, tmp_path: Path) -> None:
    dialog = make_dialog(CHAMPIONS)
    dialog.form.sheet_radio.setChecked(True)
    dialog.form.pdf_file.setText(str(tmp_path / "champions.pdf"))
    run(qtbot, dialog)
    assert ("1 card without an image was drawn as a text proxy: Merlin, Kingslayer"
            in dialog.status.text())
    reader = PdfReader(tmp_path / "champions.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Merlin, Kingslayer — FTC 004B" in text and "Champion" in text
    assert "File ▸ Settings" in dialog.details.toPlainText()  # no API: where to set one


def test_the_dialog_offers_to_fetch_missing_images_from_the_api(
        qtbot: QtBot, make_dialog) -> None:
    dialog = make_dialog(CHAMPIONS, api="https://api.example")
    qtbot.waitUntil(dialog.form.fetch.isVisible, timeout=10_000)
    assert dialog.form.fetch.text() == "Fetch missing images from https://api.example"
    assert dialog.form.fetch.isChecked() and not dialog.form.no_api.isVisible()
    dialog.form.fetch.setChecked(False)  # offline: nothing is asked of the API
    outcome = run(qtbot, dialog)
    assert [p.reason for p in outcome.problems()] == [
        "the image is not stored (not fetched: “Fetch missing images” was off)"]


def test_without_an_api_the_dialog_says_where_to_set_one(qtbot: QtBot, make_dialog) -> None:
    dialog = make_dialog(CHAMPIONS)
    qtbot.waitUntil(dialog.form.no_api.isVisible, timeout=10_000)
    assert not dialog.form.fetch.isVisible()
    assert "File ▸ Settings…" in dialog.form.no_api.text()


def test_the_window_has_export_and_about_in_its_menus(qtbot: QtBot, real_services: Application
                                                      ) -> None:
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    try:
        titles = {a.text(): a.menu() for a in window.menuBar().actions()}
        file_actions = [a.text() for a in titles["&File"].actions()]
        assert "&Export…" in file_actions
        assert "&About Archivist" in [a.text() for a in titles["&Help"].actions()]
        window.set_query("s:FTC el:fire")
        qtbot.waitUntil(lambda: window.model.query == "s:FTC el:fire"
                        and window.model.rowCount() > 0, timeout=10_000)
        window.grid.setCurrentIndex(window.model.index(0))
        scopes = [s.title for s in window.export.scopes()]
        assert scopes[-1] == "Every edition matching the search “s:FTC el:fire”"
        assert scopes[0].startswith("The image of ")
        dialog = window.export.open_export()
        assert dialog.form.scope.count() == len(scopes)
        assert window.export.fetch_api() == window.sync.prefs.api_url  # File ▸ Settings…
        dialog.close()
    finally:
        window.shutdown()


def test_ctrl_c_copies_the_image_of_the_current_tile(qtbot: QtBot, real_services: Application
                                                     ) -> None:
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    try:
        window.set_query("s:FTC el:fire")
        qtbot.waitUntil(lambda: window.model.query == "s:FTC el:fire"
                        and window.model.rowCount() > 0, timeout=10_000)
        window.grid.setCurrentIndex(window.model.index(0))
        with qtbot.waitSignal(window.export.copier.copied, timeout=10_000) as blocker:
            window.export.copy_action.trigger()
        name = blocker.args[0].removeprefix("Copied ").removesuffix(" to the clipboard")
        mime = QGuiApplication.clipboard().mimeData()
        image = mime.imageData()
        assert isinstance(image, QImage) and image.width() == 500
        assert [u.fileName() for u in mime.urls()] == [name]
        assert name.startswith("FTC-") and name.endswith(".jpg")
    finally:
        window.shutdown()


def test_a_drag_offers_a_readably_named_file(tmp_path: Path) -> None:
    source = tmp_path / "gx83sfhvfi.jpg"
    source.write_bytes(b"jpeg bytes")
    first = named_copy(source, "FTC-001-spirit.jpg", tmp_path / "drag")
    assert first.read_bytes() == b"jpeg bytes"
    second = named_copy(source, "FTC-002-other.jpg", tmp_path / "drag")
    assert sorted(p.name for p in (tmp_path / "drag").iterdir()) == [second.name]


def test_about_says_version_source_and_attribution(qtbot: QtBot) -> None:
    synced = AboutDialog("https://api.gatcg.com", {"cards": 2235, "editions": 4414})
    qtbot.addWidget(synced)
    text = synced.text.text()
    assert "Archivist 0.1.0" in text and "synced from https://api.gatcg.com" in text
    assert "2,235 cards" in text
    assert "Weebs of the Shore" in ATTRIBUTION and "unofficial" in ATTRIBUTION
    assert "© Weebs of the Shore" in text
    local = AboutDialog(None)
    qtbot.addWidget(local)
    assert "local catalogue" in local.text.text()


def test_editions_of_the_detail_pane_can_be_copied_and_dragged(qtbot: QtBot,
                                                               real_services: Application) -> None:
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    try:
        window.select_card("spirit-of-serene-fire")
        qtbot.waitUntil(lambda: window.detail.slug == "spirit-of-serene-fire"
                        and window.detail.edition_model.rowCount() > 0, timeout=10_000)
        view = window.detail.editions
        rows = range(view.model().rowCount())
        found = [window.export._edition_source(view.model().index(row)) for row in rows]
        stored = [f for f in found if f is not None]
        assert stored, "the real catalogue stores an image of this card"
        path, name = stored[0]
        assert path.is_file() and name.endswith("-spirit-of-serene-fire.jpg")
        row = found.index(stored[0])
        view.setCurrentIndex(view.model().index(row))
        with qtbot.waitSignal(window.export.copier.copied, timeout=10_000):
            window.export._copy_from(view)
        assert [u.fileName() for u in QGuiApplication.clipboard().mimeData().urls()] == [name]
        assert len(window.export.edition_drags) == 2  # the detail pane's list and the gallery
    finally:
        window.shutdown()


def test_pressing_and_moving_on_a_tile_drags_its_image_out(qtbot: QtBot,
                                                           real_services: Application) -> None:
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    try:
        window.set_query("s:FTC el:fire")
        qtbot.waitUntil(lambda: window.model.query == "s:FTC el:fire"
                        and window.model.rowCount() > 0, timeout=10_000)
        viewport = window.grid.viewport()
        start = QPointF(window.grid.visualRect(window.model.index(0)).center())
        end = start + QPointF(40, 40)
        left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        for kind, point, button in ((QEvent.Type.MouseButtonPress, start, left),
                                    (QEvent.Type.MouseMove, end, Qt.MouseButton.NoButton)):
            event = QMouseEvent(kind, point, viewport.mapToGlobal(point), button, left, none)
            QApplication.sendEvent(viewport, event)
        dragged = list((real_services.paths.cache / "drag").iterdir())
        hit = window.model.hit(0)
        assert [p.name for p in dragged] == [
            f"{hit.set_prefix}-{hit.collector_number}-{hit.slug}.jpg"]
        assert dragged[0].read_bytes() == real_services.images.read(hit.image_file)
    finally:
        window.shutdown()


def test_help_about_opens_with_the_catalogue_source(qtbot: QtBot, real_services: Application
                                                    ) -> None:
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    try:
        window.export.about_action.trigger()
        qtbot.waitUntil(lambda: bool(window.findChildren(AboutDialog)), timeout=10_000)
        text = window.findChildren(AboutDialog)[0].text.text()
        assert "local catalogue" in text and "2,235 cards" in text  # imported, not synced
        assert "© Weebs of the Shore" in text
    finally:
        window.shutdown()


def test_quitting_after_a_copy_does_not_crash(tmp_path: Path) -> None:
    """Python-made mime data left on the clipboard crashed the process at exit."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtCore import QThreadPool\n"
        "from PySide6.QtGui import QImage\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.gui.kit.clipboard import ImageCopier\n"
        "app = QApplication([])\n"
        "folder = Path(sys.argv[1])\n"
        "QImage(20, 28, QImage.Format.Format_RGB32).save(str(folder / 'a.jpg'))\n"
        "copier = ImageCopier(QThreadPool.globalInstance(), folder / 'clip')\n"
        "copier.copied.connect(app.quit)\n"
        "copier.copy(folder / 'a.jpg', 'X-001-a.jpg')\n"
        "app.exec()\n"
        "copier.release()\n"
    )
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], timeout=60,
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-500:]
