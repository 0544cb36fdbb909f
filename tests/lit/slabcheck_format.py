# The lit test format of slabcheck: every test file runs once per front-end,
# with %check bound to that front-end's driver.  It lives in a module of its
# own because lit hands tests to worker processes, which must import it.
#
# A test that one front-end cannot pass, because of a documented limit of
# its compiler, says so for that front-end only, with the reason on the
# same line:
#     // XFAIL-sparse: sparse merges the two returns into one select
# It then runs as usual and is expected to fail (XFAIL); passing makes it
# XPASS, a failure, so the line goes once the limit does.  A directive
# without a reason, or naming no known front-end, fails the test.
import os
import re

import lit.formats
import lit.Test


class FrontendTest(lit.Test.Test):
    def __init__(self, suite, path_in_suite, config, frontend):
        super().__init__(suite, path_in_suite, config)
        self.frontend = frontend

    def getFullName(self):
        return super().getFullName() + ' [' + self.frontend + ']'


class PerFrontendShTest(lit.formats.ShTest):
    def __init__(self, frontends, drivers_dir):
        super().__init__(execute_external=False)
        self.frontends = frontends
        self.drivers_dir = drivers_dir
        # Every front-end with a driver, listed in this run or not.
        self.known = {name[len('check-'):-len('.sh')]
                      for name in os.listdir(drivers_dir)
                      if name.startswith('check-') and name.endswith('.sh')}

    def getTestsInDirectory(self, suite, path_in_suite, lit_config,
                            local_config):
        for test in super().getTestsInDirectory(suite, path_in_suite,
                                                lit_config, local_config):
            for frontend in self.frontends:
                yield FrontendTest(suite, test.path_in_suite, local_config,
                                   frontend)

    def expected_failure(self, test):
        """The reason this front-end is expected to fail, or None; raises
        ValueError on a malformed directive."""
        reason = None
        with open(test.getSourcePath(), encoding='utf-8') as source:
            for line in source:
                match = re.search(r'XFAIL-([A-Za-z0-9_-]+):(.*)$', line)
                if not match:
                    continue
                if match.group(1) not in self.known:
                    raise ValueError('XFAIL for unknown front-end ' +
                                     repr(match.group(1)))
                if not match.group(2).strip():
                    raise ValueError('XFAIL-' + match.group(1) +
                                     ' without a reason')
                if match.group(1) == test.frontend:
                    reason = match.group(2).strip()
        return reason

    def execute(self, test, lit_config):
        driver = os.path.join(self.drivers_dir,
                              'check-' + test.frontend + '.sh')
        self.extra_substitutions = [('%check', 'bash ' + driver)]
        try:
            reason = self.expected_failure(test)
        except ValueError as error:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(error))
        if reason:
            test.xfails = ['*']
        return super().execute(test, lit_config)
