"""Python's copy of the page (webapp/mirror/) under CPython: what it answers, the operations it
records for the page's applier (static/applier.js), and the events it dispatches. The page's side is
driven by every page test; here a reference applier in the test makes the recorded operations on a
second tree, which must then equal the copy."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.mirror.batch import Op, Rule
from webapp.mirror.document import DOCUMENT, WINDOW, Document
from webapp.mirror.element import Element

PAGE: list[Any] = [
    "HTML",
    [["lang", "fi"]],
    [
        [
            "BODY",
            [],
            [
                ["DIV", [["data-board", ""]], [["DIV", [["data-place", "P1"]], [["BUTTON", [], ["A"], {}]], {}]], {}],
                ["P", [["data-message", ""]], ["hello"], {}],
                ["INPUT", [["data-input", "code"]], [], {"value": ""}],
                ["DIALOG", [["data-dialog", "end"]], [], {}],
                ["DIV", [["data-menu", ""], ["popover", ""]], [["BUTTON", [["data-action", "undo"]], [], {}]], {}],
            ],
            {},
        ]
    ],
    {},
]


def make() -> tuple[Document, list[list[Op]]]:
    sent: list[list[Op]] = []
    return Document(PAGE, sent.append, lambda _flush: None), sent


def test_queries_follow_the_selectors_the_shell_uses() -> None:
    document, _ = make()
    button = document.querySelector("[data-board] [data-place] button")
    assert button is not None and button.textContent == "A"
    assert button.closest('[data-place="P1"]') is document.querySelector('[data-place="P1"]')
    assert document.querySelector('[data-place="P2"]') is None
    assert [e.tag for e in document.querySelectorAll("input, dialog")] == ["input", "dialog"]
    assert document.querySelector("dialog[open]") is None
    assert document.querySelector(".card") is None and document.querySelector("body div.card") is None
    assert document.one("[data-menu]").matches("div[popover][data-menu]")
    with pytest.raises(LookupError):
        document.one("[data-nowhere]")
    assert button.dataset.place is None and button.closest("[data-place]").dataset.place == "P1"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="unsupported"):
        document.querySelector("div > p")


def test_a_query_answers_in_document_order_each_element_before_what_it_holds() -> None:
    document, _ = make()
    divs = document.querySelectorAll("div")
    assert [d.attributes for d in divs] == [{"data-board": ""}, {"data-place": "P1"}, {"data-menu": "", "popover": ""}]
    assert [b.textContent for b in document.querySelectorAll("button")] == ["A", ""]
    assert document.querySelector("button") is divs[1].one("button")
    assert [e.tag for e in divs[0].querySelectorAll("*")] == ["div", "button"]  # inside it, not itself


def test_a_query_walks_any_depth_and_refuses_an_unsupported_selector_even_with_nothing_to_walk() -> None:
    document, _ = make()
    deepest = outer = document.createElement("div")
    for _ in range(3000):  # far deeper than Python's recursion limit
        inner = document.createElement("div")
        deepest.append(inner)
        deepest = inner
    deepest.setAttribute("data-deepest", "")
    assert outer.querySelector("[data-deepest]") is deepest and len(outer.querySelectorAll("div")) == 3000
    with pytest.raises(ValueError, match="unsupported"):
        deepest.querySelector("div > p")


def test_a_write_is_recorded_once_and_only_when_it_changes_something() -> None:
    document, sent = make()
    message = document.querySelector("[data-message]")
    assert message is not None
    message.textContent = "hello"  # as it is
    message.hidden = False  # as it is
    message.setAttribute("data-x", "1")
    message.setAttribute("data-x", "1")
    message.hidden = True
    document.batch.flush()
    key = message.key
    first, *rest = sent[0]
    assert first[0] == "configure"  # what the page and the copy agree on comes first
    assert {op[2] for op in rest if op[0] == "listen"} == {"input", "close", "toggle"}
    assert [op for op in rest if op[0] != "listen"] == [["attr", key, "data-x", "1"], ["attr", key, "hidden", ""]]
    message.hidden = False
    document.batch.flush()
    assert sent[1] == [["attr", key, "hidden", None]]


def test_an_effect_is_one_group_for_the_page_and_the_copy_keeps_the_element() -> None:
    document, sent = make()
    document.batch.flush()
    place = document.querySelector("[data-place]")
    assert place is not None
    ghost = document.createElement("div")
    place.insertBefore(ghost, place.firstElementChild)
    with document.batch.effect("warned"):
        ghost.animate([{"opacity": 0}], {"duration": 1})
    document.batch.flush()
    [create, insert, [kind, warning, group]] = sent[-1]
    assert (create[0], insert[0], kind, warning) == ("create", "insert", "effect", "warned")
    assert group == [["animate", ghost.key, [{"opacity": 0}], {"duration": 1}]]
    assert place.firstElementChild is ghost and ghost.key in document.batch.nodes  # an animation ends; it stays


def test_writes_for_later_go_to_the_page_as_one_named_group_and_the_copy_holds_them_at_once() -> None:
    document, sent = make()
    document.batch.flush()
    message = document.one("[data-message]")
    message.textContent = ""
    with document.later("said", 60):
        message.textContent = "again"
    assert message.textContent == "again"
    document.drop_later("said")
    document.batch.flush()
    assert sent[-1] == [
        ["text", message.key, ""],
        ["later", "said", 60, [["text", message.key, "again"]]],
        ["later", "said", 0, []],
    ]


def test_the_rules_of_prevented_defaults_go_to_the_page_when_they_change() -> None:
    document, sent = make()
    document.batch.flush()
    rule = Rule("click", "button")
    document.batch.claim("page", (rule,))
    document.batch.claim("page", (rule,))  # the same: nothing sent
    document.batch.claim("keys", ())
    document.batch.flush()
    assert sent[-1] == [["listen", "document", "click"], ["prevent", [list(rule)]]]  # heard, to be applied


def test_an_event_bubbles_from_its_target_to_the_document() -> None:
    document, _ = make()
    heard: list[str] = []
    button = document.querySelector("[data-place] button")
    place = document.querySelector("[data-place]")
    assert button is not None and place is not None
    place.addEventListener("click", lambda event: heard.append(f"place {event.target is button}"))

    document.addEventListener("click", lambda event: heard.append(f"document {event.key}"))
    document.dispatch("click", button.key, {"key": "x"})
    assert heard == ["place True", "document x"]
    document.dispatch("click", DOCUMENT, {"key": "y"})  # the document's own
    assert heard[-1] == "document y"
    document.dispatch("keydown", button.key, {})  # nobody listens
    assert len(heard) == 3


def test_the_window_hears_its_own_events_only() -> None:
    document, _ = make()
    heard: list[Any] = []
    document.window.addEventListener("storage", lambda event: heard.append(event.newValue))
    document.addEventListener("storage", lambda event: heard.append("document"))
    document.dispatch("storage", WINDOW, {"key": "k", "newValue": "v"})
    assert heard == ["v"]


def test_the_state_the_player_changes_reaches_the_copy_before_the_listeners() -> None:
    document, _ = make()
    code = document.querySelector("input")
    menu = document.querySelector("[data-menu]")
    dialog = document.querySelector("dialog")
    assert code is not None and menu is not None and dialog is not None
    document.dispatch("input", code.key, {"value": "HM1"})
    assert code.value == "HM1"
    document.dispatch("toggle", menu.key, {"newState": "open"})
    assert menu.matches(":popover-open")
    dialog.showModal()
    assert document.querySelector("dialog[open]") is dialog
    document.dispatch("close", dialog.key, {"open": False, "bubbles": False})
    assert not dialog.open


def test_a_click_in_a_popover_carries_its_state_ahead_of_its_toggle_event() -> None:
    document, _ = make()
    menu = document.one("[data-menu]")
    command = menu.one("button")
    heard: list[bool] = []
    document.addEventListener("click", lambda _event: heard.append(menu.matches(":popover-open")))
    document.dispatch("click", command.key, {"popover": [menu.key, True]})
    assert heard == [True]  # the listeners see the menu open, though no toggle event said so yet
    document.dispatch("click", command.key, {"popover": [menu.key, False]})
    assert heard == [True, False]


# The invariant: the page, made from the same description and given every batch, is the copy.


def reference_apply(nodes: dict[int, dict[str, Any]], ops: list[Op]) -> None:
    """The applier's operations on the tree, made on plain dicts (the tree the page would hold); a key
    is forgotten only by ``forget``, as the applier forgets it."""

    def detach(key: int) -> None:
        for node in nodes.values():
            node["children"] = [c for c in node["children"] if c is not nodes[key]]

    for kind, *args in ops:
        if kind == "attr":
            key, name, value = args
            if value is None:
                nodes[key]["attrs"].pop(name, None)
            else:
                nodes[key]["attrs"][name] = value
        elif kind == "class":
            key, name, on = args
            names = [n for n in nodes[key]["attrs"].get("class", "").split() if n != name] + ([name] if on else [])
            nodes[key]["attrs"]["class"] = " ".join(names)
        elif kind in ("text", "html"):
            nodes[args[0]]["children"] = [args[1]] if args[1] and kind == "text" else []
        elif kind == "create":
            nodes[args[0]] = {"tag": args[1], "attrs": {}, "children": []}
        elif kind == "insert":
            parent, key, before = args
            detach(key)
            children = nodes[parent]["children"]
            children.insert(len(children) if before is None else children.index(nodes[before]), nodes[key])
        elif kind == "remove":
            detach(args[0])
        elif kind == "forget":
            for key in args[0]:
                del nodes[key]
        elif kind == "append-text":
            nodes[args[0]]["children"].append(args[1])
        elif kind not in ("configure", "listen"):
            raise AssertionError(f"an operation the reference does not make: {kind}")


def reference(described: list[Any], nodes: dict[int, dict[str, Any]]) -> dict[str, Any]:
    tag, attributes, children, _ = described
    node: dict[str, Any] = {"tag": tag.lower(), "attrs": dict(attributes), "children": []}
    nodes[len(nodes)] = node
    node["children"] = [c if isinstance(c, str) else reference(c, nodes) for c in children]
    return node


def plain(element: Element) -> dict[str, Any]:
    children = [c if isinstance(c, str) else plain(c) for c in element.children_]
    return {"tag": element.tag, "attrs": dict(element.attributes), "children": children}


def tidy(node: dict[str, Any] | str) -> Any:
    if isinstance(node, str):
        return node
    return {"tag": node["tag"], "attrs": node["attrs"], "children": [tidy(c) for c in node["children"]]}


NAMES = st.sampled_from(["data-a", "data-b", "hidden", "aria-label"])
WRITES = st.lists(
    st.tuples(
        st.sampled_from(
            ["set", "remove", "text", "append", "remove-node", "replace", "move", "back", "class", "markup"]
        ),
        st.integers(0, 50),
        NAMES,
        st.text(max_size=3),
    ),
    max_size=30,
)


def _inside(element: Element, ancestor: Element) -> bool:
    node: Element | None = element
    while node is not None:
        if node is ancestor:
            return True
        node = node.parent
    return False


@settings(max_examples=150, deadline=None)
@given(WRITES)
def test_the_page_given_every_batch_is_the_copy(writes: list[tuple[str, int, str, str]]) -> None:
    document, sent = make()
    removed: list[Element] = []
    for kind, index, name, value in writes:
        elements = [document.documentElement, *document.documentElement.walk()]
        element = elements[index % len(elements)]
        other = elements[(index * 7 + 3) % len(elements)]
        if kind == "set":
            element.setAttribute(name, value)
        elif kind == "remove":
            element.removeAttribute(name)
        elif kind == "text" and element is not document.documentElement:
            element.textContent = value
        elif kind == "append":
            child = document.createElement("span")
            child.setAttribute(name, value)
            element.append(child)
        elif kind == "remove-node" and element.parent is not None and element.tag not in ("body",):
            element.remove()
            removed.append(element)
        elif kind == "replace":
            element.replaceChildren(document.createElement("b"))
        elif kind == "move" and other is not element and element.tag != "html" and not _inside(other, element):
            other.append(element)  # an element of the page moved elsewhere keeps its key
        elif kind == "back" and removed and element.tag != "html":
            element.append(removed.pop())  # taken out, then put back: the page still knows it
        elif kind == "class":
            element.classList.toggle(name)
        elif kind == "markup" and element.tag not in ("html", "body"):
            element.markup(f"<i>{value}</i>")  # the page's own children, which the copy does not hold
    document.batch.flush()
    nodes: dict[int, dict[str, Any]] = {}
    page = reference(PAGE, nodes)
    for batch in sent:
        reference_apply(nodes, batch)
    assert tidy(page) == plain(document.documentElement)
