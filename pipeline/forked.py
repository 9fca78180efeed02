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
from typing import TypeVar

T = TypeVar("T")


def fork_job(job: Callable[[], T]) -> tuple[int, int]:
    """Start `job` in a child; returns (pid, read end of its result pipe)."""
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
    return pid, read_end


def collect_child(pid: int, read_end: int) -> tuple[bool, object]:
    """(True, result) from a child that succeeded, else (False, None)."""
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
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
        for job, (pid, read_end) in zip(jobs[1:], children):
            ok, result = collect_child(pid, read_end)
            children = [c for c in children if c[0] != pid]
            results.append(result if ok else job())
        return results
    finally:
        for pid, read_end in children:  # an error or a signal here: stop what is left
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read_end)
