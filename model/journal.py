"""The rollback journal of a game's state: how ``Game.apply`` puts the state back as it was when an
action is refused, without copying the whole state before every action.

Every container of the state is a tracked one: the lists and dicts are :class:`TList` and
:class:`TDict`, the state's objects (players, game objects, components, spells, mana pools,
replacement effects) are :class:`Tracked` dataclasses. Before its first change inside a transaction
(``Journal.begin``) a tracked container saves a shallow copy of itself in its journal (copy on
write: one list, dict or ``__dict__`` copy per changed container, the values it holds shared);
``Journal.rollback`` puts those copies back, newest first, and ``Journal.commit`` keeps the changes.
Transactions nest (a step of several actions, the tries of ``model/offers.py``): each level saves
again what it changes.

Model code mutates the state as plain Python (``obj.tapped = True``, ``state.stack.append(i)``);
the plain lists, dicts and new objects an action stores into the state are taken over
(:func:`adopt`: lists and dicts become tracked copies, new objects are attached in place) when the
action's transaction ends, so after every action the whole state is tracked again. Until then a
plain container stored during the action needs no journal: it is new, and rolling back the slot it
was stored in forgets it. Values that cannot change (``SHARED``: strings, numbers, None and the
frozen types their modules add, such as card definitions; tuples of those) are shared, never copied.
A value of any other type in the state is an error (the journal could not put it back).

The event log (``State.events``) is append-only and kept out of the journal: ``Game.apply``
truncates it instead. ``copy.deepcopy`` of tracked values makes plain, unattached copies (a whole
state copy is adopted by the next action that runs on it).
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import fields as fields_of
from itertools import count

#: Types whose values the state shares: they cannot change (modules add their frozen classes).
SHARED: set[type] = {str, int, bool, float, type(None)}

_epochs = count(1)


class Journal:
    """The saved copies of one game state's changed containers, and its version (changes so far)."""

    __slots__ = ("saved", "gen", "version", "marks", "loose")

    def __init__(self):
        self.saved: list[tuple[object, object]] = []  # (container, its copy before this epoch's first change)
        self.gen = next(_epochs)  # the current epoch: the open transaction, or the stretch between two
        self.version = 0  # bumped by every change of a tracked container
        self.marks: list[tuple[int, int]] = []  # per open transaction: (where its saved copies start, outer epoch)
        self.loose = False  # a value not tracked yet may be in the state (stored since the last begin, commit or rollback)

    def begin(self) -> int:
        """Open a (nested) transaction; returns its depth, which ``commit`` and ``rollback`` take. The values
        stored since the enclosing transaction began (or outside any) are taken over first, so that the
        new one starts, as each one ends, with every value of the state tracked."""
        self._adopt_changed(self.marks[-1][0] if self.marks else 0)
        if not self.marks:
            self.saved.clear()
        self.marks.append((len(self.saved), self.gen))
        self.gen = next(_epochs)
        return len(self.marks)

    def commit(self, depth: int) -> None:
        """Keep the transaction's changes (an outer transaction may still roll them back)."""
        start, outer = self._close(depth)
        self._adopt_changed(start)
        if self.marks:
            self.gen = outer
        else:
            self.saved.clear()
            self.gen = next(_epochs)

    def rollback(self, depth: int) -> None:
        """Put every container the transaction changed back as it was when it began."""
        start, outer = self._close(depth)
        saved = self.saved
        for i in range(len(saved) - 1, start - 1, -1):
            target, before = saved[i]
            kind = type(target)
            if kind is TList:
                list.__setitem__(target, slice(None), before)
            elif kind is TDict:
                dict.clear(target)
                dict.update(target, before)
            else:
                fields = target.__dict__
                fields.clear()
                fields.update(before)
        del saved[start:]
        self.version += 1
        self.loose = False  # the saved copies hold tracked values, and what was stored before the transaction was taken over
        self.gen = outer if self.marks else next(_epochs)

    def _close(self, depth: int) -> tuple[int, int]:
        if len(self.marks) != depth:
            raise RuntimeError(f"journal transaction {depth} closed while {len(self.marks)} are open")
        return self.marks.pop()

    def _adopt_changed(self, start: int) -> None:
        """Take over the new values (plain lists, dicts, new objects) stored in the changed containers: in a
        dict or an object, the values that are not the ones its saved copy holds (the others were tracked).
        Nothing to do unless ``loose``: every value stored since the last take-over was tracked or SHARED."""
        if not self.loose:
            return
        self.loose = False
        memo: dict[int, object] = {}
        for target, before in self.saved[start:]:
            kind = type(target)
            if kind is TList:
                for i, value in enumerate(target):
                    if type(value) not in SHARED and not _owned(value, self):
                        list.__setitem__(target, i, adopt(value, self, memo))
            else:
                values = target if kind is TDict else target.__dict__
                skip = () if kind is TDict else kind._untracked
                for key, value in values.items():
                    if value is not before.get(key) and type(value) not in SHARED and key not in skip and not _owned(value, self):
                        dict.__setitem__(values, key, adopt(value, self, memo))


def _owned(value, journal: Journal) -> bool:
    kind = type(value)
    if kind is TList or kind is TDict:
        return value._j is journal
    fields = getattr(value, "__dict__", None)
    return fields is not None and fields.get("_j") is journal


def _immutable(value) -> bool:
    kind = type(value)
    return kind in SHARED or (kind is tuple or kind is frozenset) and all(_immutable(v) for v in value)


def adopt(value, journal: Journal, memo: dict[int, object] | None = None):
    """``value`` as the state holds it under ``journal``: a list or dict as a tracked copy (its
    contents adopted too; a value met twice becomes one copy, through ``memo``), a tracked object
    attached in place, an immutable value as itself."""
    if memo is None:
        memo = {}
    kind = type(value)
    if kind in SHARED:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if kind in _CONTAINERS:
        if kind is not list and kind is not dict and value._j is journal:
            return value
        new = _copy_container(value, memo, TList, TDict, lambda v: adopt(v, journal, memo))
        new._j, new._g = journal, 0
        return new
    if isinstance(value, Tracked):
        fields = value.__dict__
        if fields.get("_j") is journal:
            return value
        original = value
        if fields.get("_j") is not None:
            value = deepcopy(value)  # another game's object: this state gets a copy of its own
            fields = value.__dict__
        memo[id(original)] = value
        value.__class__ = tracked_class(type(value))
        fields["_j"], fields["_g"] = journal, 0
        _adopt_fields(value, journal, memo)
        return value
    if _immutable(value):
        return value
    raise TypeError(f"the game state holds a {kind.__name__}, which its rollback journal cannot put back "
                    "(model/journal.py: state values are lists, dicts, Tracked objects or SHARED immutable types)")


def _copy_container(value, memo: dict, list_type: type, dict_type: type, inner):
    """A copy of a list or dict as ``list_type`` / ``dict_type``, its values that are not SHARED through
    ``inner`` (registered in ``memo`` first, so a value that holds itself is copied once)."""
    if isinstance(value, list):
        new = memo[id(value)] = list_type()
        list.extend(new, [v if type(v) in SHARED else inner(v) for v in value])
        return new
    new = memo[id(value)] = dict_type()
    for key, v in value.items():  # keys are hashable, so they do not change
        dict.__setitem__(new, key, v if type(v) in SHARED else inner(v))
    return new


def _adopt_fields(obj, journal: Journal, memo: dict) -> None:
    fields = obj.__dict__
    skip = type(obj)._untracked
    for name, value in fields.items():
        if name[0] != "_" and name not in skip and type(value) not in SHARED and not _owned(value, journal):
            fields[name] = adopt(value, journal, memo)


def journal_of(state) -> Journal:
    """The journal of a state, which it gets (every container adopted) the first time it is asked."""
    journal = state.__dict__.get("_j")
    if journal is None:
        journal = Journal()
        adopt(state, journal)
    return journal


def _plain(value, memo: dict):
    """A deep copy of a tracked value as plain, unattached Python (``copy.deepcopy``'s memo kept)."""
    if type(value) in _CONTAINERS and id(value) not in memo:
        return _copy_container(value, memo, list, dict, lambda v: _plain(v, memo))
    return deepcopy(value, memo)  # a value met before, a SHARED one, a Tracked object (its __deepcopy__)


class _Container:
    """What the tracked list and dict share: copies of them are plain lists and dicts."""

    __slots__ = ()
    _base: type = object

    def __deepcopy__(self, memo):
        return _plain(self, memo)

    def __copy__(self):
        return self._base(self)

    def __reduce__(self):
        return (self._base, (self._base(self),))


class TList(_Container, list):
    """A list of the state: saves a copy of itself in its journal before its first change in an epoch
    (its mutating methods are hooked below)."""

    __slots__ = ("_j", "_g")
    _base = list


class TDict(_Container, dict):
    """A dict of the state: saves a copy of itself in its journal before its first change in an epoch
    (its mutating methods are hooked below)."""

    __slots__ = ("_j", "_g")
    _base = dict


def _hooked(base: type, name: str):
    """``base``'s mutating method ``name``, saving a copy of the container (``base(self)``) before its
    first change in an epoch, and noting a value it stores that may not be tracked (``Journal.loose``)."""
    method = getattr(base, name)
    stores = name not in ("remove", "pop", "popitem", "clear", "sort", "reverse", "__delitem__", "__imul__")
    reads_when_present = name == "setdefault"  # a key already there: a read, which must not start a new version

    def hooked(self, *args, **kwargs):
        try:
            journal = self._j
        except AttributeError:  # made by list's or dict's own machinery (copy.copy, pickle): not part of a state
            return method(self, *args, **kwargs)
        if reads_when_present and args and args[0] in self:
            return dict.__getitem__(self, args[0])
        journal.version += 1
        if self._g != journal.gen:
            self._g = journal.gen
            journal.saved.append((self, base(self)))
        if stores and not journal.loose:
            journal.loose = any(type(a) not in SHARED for a in args) or any(type(v) not in SHARED for v in kwargs.values())
        return method(self, *args, **kwargs)

    hooked.__name__ = name
    hooked.__doc__ = method.__doc__
    return hooked


for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__", "__delitem__", "__iadd__", "__imul__"):
    setattr(TList, _name, _hooked(list, _name))
for _name in ("__setitem__", "__delitem__", "pop", "popitem", "clear", "update", "setdefault", "__ior__"):
    setattr(TDict, _name, _hooked(dict, _name))


class Tracked:
    """A dataclass of the state. Attached to a journal, an object's class becomes its tracked twin
    (:func:`tracked_class`: the same dataclass, plus write hooks that save a copy of its fields in
    the journal before its first change in an epoch), so an object not in a state, such as one being
    built, pays nothing for them. ``_untracked`` names fields kept out of the journal (the event log)."""

    __slots__ = ()
    _untracked: tuple[str, ...] = ()

    def __deepcopy__(self, memo):
        new = object.__new__(_BASE.get(type(self), type(self)))
        memo[id(self)] = new
        fields = new.__dict__
        for name, value in self.__dict__.items():
            if name != "_j" and name != "_g":
                fields[name] = value if type(value) in SHARED else _plain(value, memo)
        return new

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_j" and k != "_g"}


def _save_fields(obj) -> None:
    fields = obj.__dict__
    journal = fields.get("_j")
    if journal is not None:
        journal.version += 1
        if fields["_g"] != journal.gen:
            fields["_g"] = journal.gen
            journal.saved.append((obj, dict(fields)))


def _setattr(self, name, value):
    _save_fields(self)
    if type(value) not in SHARED:
        journal = self.__dict__.get("_j")
        if journal is not None and not _owned(value, journal):
            journal.loose = True
    object.__setattr__(self, name, value)


def _delattr(self, name):
    _save_fields(self)
    object.__delattr__(self, name)


def _eq(self, other):
    """Dataclass equality across an object and its tracked twin (a dataclass's own ``__eq__`` wants one class)."""
    base = _BASE[type(self)]
    if _BASE.get(type(other), type(other)) is not base:
        return NotImplemented
    return all(getattr(self, f.name) == getattr(other, f.name) for f in fields_of(base) if f.compare)


def _reduce(self):
    return (_unpickle, (_BASE[type(self)], self.__getstate__()))


def _unpickle(cls, state: dict):
    obj = object.__new__(cls)
    obj.__dict__.update(state)
    return obj


_CONTAINERS = (list, dict, TList, TDict)  # what adopt and _plain copy themselves
#: tracked twin -> its dataclass
_BASE: dict[type, type] = {}
_TWINS: dict[type, type] = {}


def tracked_class(cls: type) -> type:
    """The tracked twin of a :class:`Tracked` dataclass (made once)."""
    twin = _TWINS.get(cls)
    if twin is None:
        if cls in _BASE:
            return cls
        twin = _TWINS[cls] = type(cls.__name__, (cls,), {
            "__slots__": (), "__qualname__": cls.__qualname__, "__module__": cls.__module__, "__doc__": cls.__doc__,
            "__setattr__": _setattr, "__delattr__": _delattr, "__eq__": _eq, "__hash__": None, "__reduce__": _reduce})
        _BASE[twin] = cls
    return twin
