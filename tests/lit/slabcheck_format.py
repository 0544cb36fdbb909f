# The lit test format of slabcheck: every test file runs once per front-end,
# with %check bound to that front-end's driver.  It lives in a module of its
# own because lit hands tests to worker processes, which must import it.
#
# A difference between front-ends that is a documented limit, not a bug to
# fix, is marked in the test, for that front-end only, with the reason:
#     // XFAIL-clang-tool: why this front-end cannot see it
# The test is then expected to fail under that front-end (an unexpected
# pass fails the run), and runs normally under the others.  A marker
# without a reason is an error: nothing is skipped silently.
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

    def getTestsInDirectory(self, suite, path_in_suite, lit_config,
                            local_config):
        for test in super().getTestsInDirectory(suite, path_in_suite,
                                                lit_config, local_config):
            for frontend in self.frontends:
                yield FrontendTest(suite, test.path_in_suite, local_config,
                                   frontend)

    def execute(self, test, lit_config):
        driver = os.path.join(self.drivers_dir,
                              'check-' + test.frontend + '.sh')
        self.extra_substitutions = [('%check', 'bash ' + driver)]
        reason = self.xfail_reason(test)
        if reason == '':
            return lit.Test.Result(
                lit.Test.UNRESOLVED,
                'XFAIL-' + test.frontend + ': gives no reason')
        if reason is not None:
            test.xfails = test.xfails + ['*']
        return super().execute(test, lit_config)

    @staticmethod
    def xfail_reason(test):
        """The reason a test is expected to fail under its front-end."""
        marker = re.compile(r'^\s*//\s*XFAIL-' + re.escape(test.frontend) +
                            r':(.*)$')
        with open(test.getSourcePath(), encoding='utf-8') as source:
            for line in source:
                found = marker.match(line)
                if found:
                    return found.group(1).strip()
        return None
