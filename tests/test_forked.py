"""The side-by-side runner (pipeline.forked): results in order, and a clean stop."""
from __future__ import annotations

import os

import pytest

from pipeline import forked


def test_jobs_run_side_by_side_give_their_results_in_order():
    assert forked.run_side_by_side([lambda: 1, lambda: 2, lambda: 3]) == [1, 2, 3]


def test_a_failing_child_job_is_run_again_here_and_raises_its_own_error():
    def fail():
        raise ValueError("job 2 broke")
    with pytest.raises(ValueError, match="job 2 broke"):
        forked.run_side_by_side([lambda: 1, fail])


# Issue 22 item 13: one Ctrl-C printed "Error: No such process": the cleanup killed a
# child the runner had already reaped.
def test_a_ctrl_c_just_after_a_child_is_reaped_stops_with_keyboard_interrupt_alone(
        monkeypatch):
    real_waitpid, real_fork_job = os.waitpid, forked.fork_job
    started = []

    def fork_job(job):
        child = real_fork_job(job)
        started.append(child.pid)
        return child

    def waitpid_then_ctrl_c(pid, options):
        real_waitpid(pid, options)
        raise KeyboardInterrupt
    monkeypatch.setattr(forked, "fork_job", fork_job)
    monkeypatch.setattr(forked.os, "waitpid", waitpid_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        forked.run_side_by_side([lambda: 1, lambda: 2, lambda: 3])
    monkeypatch.undo()
    assert len(started) == 2
    for pid in started:  # every child was reaped: none is left behind
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
