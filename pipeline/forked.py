"""Run a few independent jobs side by side: one here, the others in forked children.

Why fork and not multiprocessing: the children start with everything already
imported and read (no spawn, no re-import), and send back one pickled result
through a pipe. Results come back in the order of the jobs, so the output is
the same as running them one after another. A child that fails sends nothing;
its job is then run again here, so the error is raised with its own type and
message, exactly as without children. Where fork is missing, jobs run in turn.
"""
from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Child:
    """A forked job: its pid and the read end of its result pipe, and what is done with them."""

    pid: int
    read_end: int
    reaped: bool = False
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with suppress(OSError):
                os.close(self.read_end)

    def stop(self) -> None:
        """Kill and reap a child not yet collected. A child reaped just before a signal
        (or killed by the same Ctrl-C) is gone: nothing left to stop, and no error."""
        if not self.reaped:
            with suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            with suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
            self.reaped = True
        self.close()


def fork_job(job: Callable[[], T]) -> Child:
    """Start `job` in a child that sends its pickled result through a pipe."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, leave without running any cleanup
        status = 1
        try:
            os.close(read_end)
            data = pickle.dumps(job(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    return Child(pid, read_end)


def collect_child(child: Child) -> tuple[bool, object]:
    """(True, result) from a child that succeeded, else (False, None)."""
    try:
        with os.fdopen(child.read_end, "rb", closefd=False) as pipe:
            data = pipe.read()
    finally:
        child.close()
    _, status = os.waitpid(child.pid, 0)
    child.reaped = True
    if os.waitstatus_to_exitcode(status) != 0 or not data:
        return False, None
    return True, pickle.loads(data)


def run_side_by_side(jobs: list[Callable[[], T]]) -> list[T]:
    """Every job's result, in order; jobs[1:] run in children while jobs[0] runs here."""
    if len(jobs) < 2 or not hasattr(os, "fork"):
        return [job() for job in jobs]
    children = [fork_job(job) for job in jobs[1:]]
    try:
        results = [jobs[0]()]
        for job, child in zip(jobs[1:], children):
            ok, result = collect_child(child)
            results.append(result if ok else job())
        return results
    finally:
        for child in children:  # an error or a signal here: stop what is left
            child.stop()
