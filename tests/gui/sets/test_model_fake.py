"""The featured sets model over the fake catalogue (GENERATED groups: no ../shared needed)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from app.gui.sets.model import FeaturedSetsModel, load_featured
from tests.helpers.fake_catalogue import FakeCatalogue


def test_the_model_passes_the_model_tester(qtmodeltester: ModelTester,
                                           fake_catalogue: FakeCatalogue) -> None:
    model = FeaturedSetsModel()
    qtmodeltester.check(model)
    groups = load_featured(fake_catalogue)
    assert [g.logo for g in groups] == [None, None]  # no logo stored: the view draws one
    model.set_groups(groups)
    qtmodeltester.check(model)
    assert model.rowCount() == 2 and model.set_count() == 2
    group = model.index(0, 0)
    assert model.data(group, FeaturedSetsModel.PrefixRole) is None
    assert not model.flags(group) & Qt.ItemFlag.ItemIsSelectable
    first_set = model.index(0, 1, group)
    assert model.data(first_set, Qt.ItemDataRole.DisplayRole) == "GEN 1st"
    assert model.data(first_set, FeaturedSetsModel.PrefixRole) == "GEN 1st"
    assert model.rowCount(model.index(1, 0)) == 0  # the empty group
    model.set_groups([])
    qtmodeltester.check(model)
