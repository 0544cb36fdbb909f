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
#
# A test of a feature only one front-end has (`slabcheck convert`, through
# slabcheck-clang) runs under that one, and is UNSUPPORTED under the rest:
#     // ONLY-clang-tool: convert reads Clang's source ranges
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

    def getExecPath(self):
        # %t names a file of this front-end's run: the runs of one test
        # under each front-end go side by side.
        return super().getExecPath() + '.' + self.frontend


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

    def directives(self, test, name):
        """Each NAME-<frontend>: reason line of the test, as (front-end,
        reason) pairs; raises ValueError on a malformed one."""
        found = []
        with open(test.getSourcePath(), encoding='utf-8') as source:
            for line in source:
                match = re.search(name + r'-([A-Za-z0-9_-]+):(.*)$', line)
                if not match:
                    continue
                if match.group(1) not in self.known:
                    raise ValueError(name + ' for unknown front-end ' +
                                     repr(match.group(1)))
                if not match.group(2).strip():
                    raise ValueError(name + '-' + match.group(1) +
                                     ' without a reason')
                found.append((match.group(1), match.group(2).strip()))
        return found

    def execute(self, test, lit_config):
        driver = os.path.join(self.drivers_dir,
                              'check-' + test.frontend + '.sh')
        self.extra_substitutions = [('%check', 'bash ' + driver)]
        try:
            only = [name for name, _ in self.directives(test, 'ONLY')]
            reason = [why for name, why in self.directives(test, 'XFAIL')
                      if name == test.frontend]
        except ValueError as error:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(error))
        if only and test.frontend not in only:
            return lit.Test.Result(lit.Test.UNSUPPORTED,
                                   'runs under ' + ', '.join(only) + ' only')
        if reason:
            test.xfails = ['*']
        return super().execute(test, lit_config)
