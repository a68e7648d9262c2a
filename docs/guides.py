"""The Markdown guides (``docs/guides.yaml``): copied into the source tree, their rule IDs linked.

Each guide is a Markdown file of the project (the scenario format, the engine protocol, the
custom-rules format, ...) that myst-parser renders as a page. A listed guide whose file is
missing is an error, never a silent omission. In a guide, an inline literal or a number that
names a spec item (``flashback.a``, ``702.34a``, ``702.32a@pre-2013``, ``DYN.5c``) becomes a link
to the item's page, as ``:rule:`` would make it.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from mtgrules import yamlio

from .trace import ROOT, context_for

GUIDES_FILE = Path(__file__).resolve().parent / "guides.yaml"
#: Where the guides go in the source tree (``guides/<page>.md``).
FOLDER = "guides"
#: Rule numbers in running text: 702.34a, 730.2, DYN.5c (with an optional @edition).
NUMBER = re.compile(r"(?<![\w.@/-])((?:\d{3}\.\d+[a-z]?|DYN\.\d+[a-z]?)(?:@[\w-]+)?)(?![\w@/-]|\.\w)")


@dataclass(frozen=True)
class Guide:
    source: str
    page: str

    @property
    def path(self) -> Path:
        return ROOT / self.source


class GuideError(Exception):
    """A guide list that is malformed or names a file that does not exist."""


def guides(path: Path = GUIDES_FILE) -> list[Guide]:
    """The guides listed in ``path``; raises GuideError naming each missing or malformed entry."""
    doc = yamlio.load(path)
    problems, found = [], []
    if not isinstance(doc.data, list):
        raise GuideError(str(doc.problem([], "expected a list of guides (source, page)")))
    for n, entry in enumerate(doc.data):
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("source", "page")):
            problems.append(str(doc.problem([n], "a guide needs 'source' (a file) and 'page' (its page name)")))
            continue
        guide = Guide(entry["source"], entry["page"])
        if not guide.path.is_file():
            problems.append(str(doc.problem([n, "source"], f"the guide {guide.source} does not exist")))
        found.append(guide)
    if problems:
        raise GuideError("\n".join(problems))
    return found


def stage(folder: Path, listed: list[Guide]) -> None:
    """Copy each guide to ``folder/<page>.md``."""
    folder.mkdir(parents=True, exist_ok=True)
    for guide in listed:
        target = folder / f"{guide.page}.md"
        if not target.is_file() or target.read_bytes() != guide.path.read_bytes():
            shutil.copyfile(guide.path, target)


def toctree(listed: list[Guide], prefix: str) -> str:
    """The toctree of the guides, for the index page."""
    return ".. toctree::\n   :maxdepth: 1\n   :caption: Guides\n\n" + "".join(f"   {prefix}/{g.page}\n" for g in listed)


def named_item(spec, text: str) -> str | None:
    """The ID of the one item ``text`` names (an ID, NUMBER@EDITION, a current or printed number),
    preferring the current edition's clause over an older one's and a clause over a bare reference."""
    items = spec.lookup(text) or [i for i in spec if i.printed == text]
    if len(items) > 1:
        items = [i for i in items if i.edition == spec.current_edition] or items
        items = [i for i in items if i.kind != "reference"] or items
    return items[0].id if len(items) == 1 else None


def _xref(target: str, child: nodes.Node, docname: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref("", refdomain="rules", reftype="rule", reftarget=target, refexplicit=True,
                                refwarn=True, refdoc=docname)
    ref += child
    return ref


class LinkRuleIds(SphinxTransform):
    """In a guide page, link each inline literal or rule number that names exactly one spec item,
    and turn each relative link to a file of the project into a page link or the file's path."""

    default_priority = 400

    def apply(self) -> None:
        docname = self.env.docname
        if not docname.split("/")[-2:-1] == [FOLDER]:
            return
        spec = context_for(self.env).spec
        found = {}

        for link in list(self.document.findall(addnodes.pending_xref)):
            replacement = _file_link(link, docname)
            if replacement is not None:
                link.replace_self(replacement)
        for literal in list(self.document.findall(nodes.literal)):
            if isinstance(literal.parent, (nodes.reference, addnodes.pending_xref)):
                continue
            item_id = found.setdefault(literal.astext().strip(), named_item(spec, literal.astext().strip()))
            if item_id:
                literal["classes"] += ["xref", "rule"]
                literal.replace_self(_xref(item_id, literal.deepcopy(), docname))
        for text_node in list(self.document.findall(nodes.Text)):
            parent = text_node.parent
            if isinstance(parent, (nodes.literal, nodes.literal_block, nodes.reference, addnodes.pending_xref, nodes.raw)):
                continue
            pieces, position, value = [], 0, str(text_node)
            for match in NUMBER.finditer(value):
                item_id = found.setdefault(match[1], named_item(spec, match[1]))
                if not item_id:
                    continue
                pieces.append(nodes.Text(value[position:match.start(1)]))
                pieces.append(_xref(item_id, nodes.inline(match[1], match[1], classes=["xref", "rule"]), docname))
                position = match.end(1)
            if pieces:
                pieces.append(nodes.Text(value[position:]))
                parent.replace(text_node, pieces)


def _file_link(node: addnodes.pending_xref, docname: str) -> nodes.Node | None:
    """What a guide's relative link to a file becomes: a link to the page of that file when it is
    a listed guide, else the file's path as text (the file is not part of the site). None for any
    other link (a section, a web address), which myst-parser resolves."""
    target = str(node.get("reftarget", "")).split("#")[0]
    if node.get("reftype") != "myst" or not target or re.match(r"^[a-z]+:", target):
        return None
    listed = {g.page: g for g in guides()}
    page = docname.split("/")
    here = listed.get(page[-1])
    if here is None:
        return None
    path = (here.path.parent / target).resolve()
    if not path.exists():
        return None
    text = node.astext()
    for other in listed.values():
        if other.path.resolve() == path:
            ref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget="/" + "/".join([*page[:-1], other.page]),
                                        refexplicit=True, refwarn=True, refdoc=docname)
            ref += nodes.inline(text, text)
            return ref
    shown = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else target
    if text in (target, shown):
        return nodes.literal(shown, shown)
    return nodes.inline("", "", nodes.Text(text + " ("), nodes.literal(shown, shown), nodes.Text(")"))


def setup(app) -> None:
    app.add_transform(LinkRuleIds)
