"""Page geometry of ``munchkin print``: grids, crop marks, rulers and mirrored backs."""

from __future__ import annotations

import json

import pytest

from munchkin_dsl.render.faces import CardFace, parse_source
from munchkin_dsl.render.layout import (
    PT_PER_MM,
    LayoutError,
    PrintOptions,
    mm,
    parse_card_size,
    plan_layout,
)


def _on_page(layout, rect) -> bool:
    return (rect.x >= 0 and rect.y >= 0 and rect.right <= layout.page_w + 1e-6
            and rect.top <= layout.page_h + 1e-6)


def _no_overlaps(rects) -> bool:
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            if a.x < b.right - 1e-6 and b.x < a.right - 1e-6 and \
                    a.y < b.top - 1e-6 and b.y < a.top - 1e-6:
                return False
    return True


def test_munchkin_cards_on_a4_are_5_by_2_landscape():
    """Landscape holds 10 where portrait holds 9, with 2.5 mm crop marks in 8.5 mm margins."""
    layout = plan_layout(PrintOptions())
    assert (layout.orientation, layout.cols, layout.rows, layout.per_page) == \
        ("landscape", 5, 2, 10)
    assert layout.page_w == pytest.approx(297 * PT_PER_MM)
    assert layout.page_h == pytest.approx(210 * PT_PER_MM)
    assert all(_on_page(layout, r) for r in layout.cards)
    # the shorter crop marks still stay out of the 5 mm unprintable edge
    for mark in layout.crop_marks:
        for x in (mark.x0, mark.x1):
            assert mm(5) - 1e-6 <= x <= layout.page_w - mm(5) + 1e-6
        for y in (mark.y0, mark.y1):
            assert mm(5) - 1e-6 <= y <= layout.page_h - mm(5) + 1e-6
    # crop marks are full length where the standard margins fit (Letter, 3×3)
    letter = plan_layout(PrintOptions(paper="letter"))
    lengths = {round(abs(m.x1 - m.x0) + abs(m.y1 - m.y0), 3) for m in letter.crop_marks}
    assert lengths == {round(mm(3), 3)}


def test_munchkin_cards_on_letter_are_3_by_3_portrait_in_reading_order():
    layout = plan_layout(PrintOptions(paper="letter"))
    assert (layout.orientation, layout.cols, layout.rows) == ("portrait", 3, 3)
    for rect in layout.cards:
        assert rect.w == pytest.approx(mm(56)) and rect.h == pytest.approx(mm(87))
        assert _on_page(layout, rect)
    assert _no_overlaps(layout.cards)
    # Reading order: first card top-left, then to the right, last bottom-right.
    first, second, last = layout.cards[0], layout.cards[1], layout.cards[-1]
    assert second.x == pytest.approx(first.right) and second.y == pytest.approx(first.y)
    assert last.right > first.right and last.top < first.top
    # Centred on the page.
    assert first.x == pytest.approx(layout.page_w - layout.cards[2].right)
    assert layout.cards[6].y == pytest.approx(layout.page_h - first.top)
    assert layout.describe().startswith("Letter portrait, 3×3 cards of 56×87 mm")
    a4 = plan_layout(PrintOptions())
    assert _no_overlaps(a4.cards) and a4.cards[1].x == pytest.approx(a4.cards[0].right)


def test_poker_size_and_presets():
    assert parse_card_size("poker") == (63.0, 88.0)
    assert parse_card_size("munchkin") == (56.0, 87.0)
    layout = plan_layout(PrintOptions(card_size_mm=(63, 88)))
    assert (layout.cols, layout.rows) == (3, 3)
    assert all(_on_page(layout, r) for r in layout.cards)
    assert layout.ruler is not None  # fits between two crop marks of the bottom margin


def test_custom_size_and_gutter():
    assert parse_card_size("40x60") == (40.0, 60.0)
    with pytest.raises(ValueError):
        parse_card_size("huge")
    layout = plan_layout(PrintOptions(card_size_mm="40x60", gutter_mm=3))
    assert layout.per_page == 18
    assert _no_overlaps(layout.cards)
    assert all(_on_page(layout, r) for r in layout.cards)
    a, b = layout.cards[0], layout.cards[1]
    assert b.x - a.right == pytest.approx(mm(3))


def test_letter_paper():
    layout = plan_layout(PrintOptions(paper="letter"))
    assert layout.page_w == pytest.approx(215.9 * PT_PER_MM)
    assert (layout.cols, layout.rows, layout.orientation) == (3, 3, "portrait")
    assert all(_on_page(layout, r) for r in layout.cards)
    assert layout.ruler is not None and layout.ruler.where == "left"
    assert "Letter portrait" in layout.describe()


def test_landscape_chosen_when_it_holds_more():
    layout = plan_layout(PrintOptions(card_size_mm=(63, 88), paper="letter"))
    assert layout.orientation == "landscape"
    assert layout.per_page == 8
    # cards lying on their side fill an A4 portrait page 2×5
    layout = plan_layout(PrintOptions(card_size_mm=(87, 56)))
    assert (layout.orientation, layout.per_page) == ("portrait", 10)


@pytest.mark.parametrize("options", [
    PrintOptions(),
    PrintOptions(card_size_mm=(63, 88)),
    PrintOptions(paper="letter", gutter_mm=2),
    PrintOptions(card_size_mm=(40, 60), gutter_mm=3, bleed_mm=1),
    PrintOptions(mode="proof"),
])
def test_crop_marks_never_touch_a_card(options):
    layout = plan_layout(options)
    assert layout.crop_marks
    for mark in layout.crop_marks:
        for rect in (*layout.cards, *layout.bleeds):
            assert not rect.intersects_segment(mark)
        for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1)):
            assert 0 <= x <= layout.page_w and 0 <= y <= layout.page_h
    # Every cut line has a mark in the margins on both sides.
    xs = {round(v, 3) for r in layout.cards for v in (r.x, r.right)}
    assert {round(m.x0, 3) for m in layout.crop_marks if m.x0 == m.x1} == xs


def test_ruler_is_in_a_margin_away_from_cards_and_marks():
    layout = plan_layout(PrintOptions())
    ruler = layout.ruler
    assert ruler is not None and ruler.where == "bottom" and ruler.horizontal
    assert ruler.length_mm == 100
    lowest = min(r.y for r in layout.cards)
    lowest_mark = min(min(m.y0, m.y1) for m in layout.crop_marks)
    assert ruler.y + mm(3) < lowest_mark < lowest
    assert ruler.x >= mm(5) and ruler.x + mm(100) <= layout.page_w - mm(5)


def test_backs_mirror_horizontally_for_long_edge():
    layout = plan_layout(PrintOptions(backs=True, duplex="long", paper="letter"))  # portrait
    assert layout.mirror == "horizontal"
    for front, back in zip(layout.cards, layout.backs, strict=True):
        assert back.x == pytest.approx(layout.page_w - front.right)
        assert back.y == pytest.approx(front.y)
    # Top-left card's back is top-right on the back page.
    assert layout.backs[0].x == pytest.approx(layout.cards[2].x)


def test_backs_mirror_vertically_for_short_edge_with_offset():
    layout = plan_layout(PrintOptions(backs=True, duplex="short", back_offset_mm=(1.5, -0.5),
                                      paper="letter"))  # portrait
    assert layout.mirror == "vertical"
    for front, back in zip(layout.cards, layout.backs, strict=True):
        assert back.x == pytest.approx(front.x + mm(1.5))
        assert back.y == pytest.approx(layout.page_h - front.top - mm(0.5))
    assert "short-edge duplex (mirrored vertically), offset +1.5,-0.5 mm" in layout.describe()


def test_shop_layout_is_card_plus_bleed():
    layout = plan_layout(PrintOptions(mode="shop"))
    assert layout.bleed_mm == 3
    assert layout.page_w == pytest.approx(mm(62)) and layout.page_h == pytest.approx(mm(93))
    trim = layout.cards[0]
    assert (trim.x, trim.y) == (pytest.approx(mm(3)), pytest.approx(mm(3)))
    assert layout.crop_marks == () and layout.ruler is None
    assert plan_layout(PrintOptions(mode="sheet")).bleed_mm == 0


def test_card_too_big_for_the_page():
    with pytest.raises(LayoutError):
        plan_layout(PrintOptions(card_size_mm=(250, 300)))


def test_options_are_validated():
    for bad in ({"mode": "poster"}, {"paper": "a3"}, {"duplex": "sideways"},
                {"card_size_mm": (0, 10)}, {"min_font_pt": 0}):
        with pytest.raises(ValueError):
            PrintOptions(**bad)
    with pytest.raises(ValueError):
        CardFace("x", "dungeon", "X")


def test_to_json_is_serialisable():
    layout = plan_layout(PrintOptions(backs=True))
    data = json.loads(json.dumps(layout.to_json()))
    assert data["per_page"] == 10 and len(data["backs"]) == 10
    assert data["description"] == layout.describe()


def test_parse_source():
    span = parse_source("C:/packs/core.mk:12:5")
    assert (span.file, span.line, span.column) == ("C:/packs/core.mk", 12, 5)
    assert parse_source("") is None
    assert parse_source("core.mk").file == "core.mk"
