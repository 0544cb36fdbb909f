# The lit test format of slabcheck: every test file runs once per front-end,
# with %check bound to that front-end's driver.  It lives in a module of its
# own because lit hands tests to worker processes, which must import it.
import os

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
        return super().execute(test, lit_config)
