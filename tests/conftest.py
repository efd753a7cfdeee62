import logging
import random

import pytest

try:
    import nbval.kernel as _nbval_kernel
except ImportError:  # nbval is only needed for the notebooks
    _nbval_kernel = None


def pytest_addoption(parser):
    parser.addoption("--games", type=int, default=None,
                     help="random games per game and player count in the contract test "
                          "(default 15; use tens of thousands for a soak run)")
    parser.addoption("--pairs", type=int, default=None,
                     help="fresh random games per game in the test by difference of hidden "
                          "information (default: the same 2 every run; thousands for a soak)")
    parser.addoption("--fuzz", type=int, default=None,
                     help="examples per property-based (hypothesis) test (default 150, the same "
                          "ones every run; a number for a soak run draws new ones)")


def pytest_configure(config):
    """Property-based tests: a bounded, repeatable set in CI; a soak with --fuzz N."""
    try:
        from hypothesis import settings
    except ImportError:
        return
    soak = config.getoption("--fuzz", default=None)
    settings.register_profile("tomato", max_examples=soak or 150, derandomize=not soak,
                              deadline=None, database=None, print_blob=True)
    settings.load_profile("tomato")


#: test files whose tests are long and independent: each may run on its own test worker
SPREAD_FILES = {"tests/browser/test_fit.py"}
#: the longest work is handed out first (by these path prefixes, in this order; the rest
#: after, in the order collected), so that the run does not end with one worker on a long
#: file while the other waits; xdist's own order (files with the most tests first) left the
#: browser files, which have few but long tests, to the end
LONG_FIRST = ("tests/browser/test_lite.py", "tests/browser/test_fit.py",
              "tests/test_hidden_difference.py", "tests/test_messages.py",
              "tests/test_advice_by_difference.py", "tests/browser/", "notebooks/",
              "tests/test_contract.py")


def _long_first(nodeid: str) -> int:
    return next((rank for rank, prefix in enumerate(LONG_FIRST) if nodeid.startswith(prefix)),
                len(LONG_FIRST))


def pytest_xdist_make_scheduler(config, log):
    """Whole files per test worker (nbval runs a notebook's cells in order in one kernel; a
    browser test file's tests share pages), except the files in SPREAD_FILES, whose tests
    are shared out one by one (each worker has its own JupyterLab)."""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPREAD_FILES else path

        def _assign_work_unit(self, node) -> None:
            for scope in sorted(self.workqueue, key=_long_first):  # stable: once sorted, kept
                self.workqueue.move_to_end(scope)
            super()._assign_work_unit(node)

    return ByFile(config, log)


@pytest.fixture
def games_per_case(request):
    return request.config.getoption("--games") or 15


@pytest.fixture
def pair_seeds(request):
    """The tests by difference: the same few games every run (CI); ``--pairs N``: N fresh
    ones (a soak)."""
    count = request.config.getoption("--pairs")
    if count:
        base = random.SystemRandom().randrange(10**9)
        return range(base, base + count)
    return range(2)


def _start_kernel_with_one_retry(start):
    """nbval's kernel start, tried a second time when the kernel dies at once. With the test
    workers starting kernels side by side (nbval's, and the browser tests' JupyterLab), a new
    kernel now and then loses a race for a free port and exits before it answers."""
    def start_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError:
            logging.getLogger(__name__).warning("a notebook kernel died on start; starting another")
            return start(*args, **kwargs)
    return start_kernel


if _nbval_kernel is not None and not hasattr(_nbval_kernel.start_new_kernel, "__wrapped_once__"):
    _nbval_kernel.start_new_kernel = _start_kernel_with_one_retry(_nbval_kernel.start_new_kernel)
    _nbval_kernel.start_new_kernel.__wrapped_once__ = True
