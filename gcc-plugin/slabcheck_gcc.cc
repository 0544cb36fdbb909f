// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck_gcc: the GCC front-end of slabcheck.
 *
 * Checks code that uses static slab caches (struct kmem_cache_opaque) with
 * the rules of the slabcheck core, and prints one line per finding:
 *   FILE:LINE:COL: warning: MESSAGE [RULE-ID]
 * The findings do not go through GCC's diagnostics, so -Werror (the kernel's
 * CONFIG_WERROR) does not turn them into errors unless asked.
 *
 * Usage:
 *   gcc -fplugin=slabcheck_gcc.so [-fplugin-arg-slabcheck_gcc-KEY[=VALUE]] ...
 * Options (KEY):
 *   disable=RULE[,RULE...]  turn rules off
 *   werror                  make findings fail the compilation
 *   strict-size             any object size difference is a finding
 *   exempt=PATH[,PATH...]   files under these paths may use mm/ internals
 *   findings-dir=DIR        write the findings as JSON into a new file in
 *                           DIR instead of printing them (slabcheck does)
 *   facts-dir=DIR           also write the unit's facts into a new file in
 *                           DIR, for the link step (slabcheck link)
 *   stream-results          findings and facts as lines on stderr, for
 *                           slabcheck kbuild (survives ccache and distcc)
 *
 * The plugin only reads: it registers one analysis pass that changes no IL,
 * so the object file is the same with or without it.
 */
#include "gcc-compat.h"

#include "translate.h"

extern "C" {
#include "report.h"
#include "slabcheck.h"
}

int plugin_is_GPL_compatible;

static struct plugin_info slabcheck_info = {
	.version = SLABCHECK_VERSION,
	.help = "slabcheck: checks static slab cache usage\n",
};

static struct slabcheck_options options;
static const char *plugin_name;

static void analyze_unit(void)
{
	struct translation_unit tu;
	struct report report;
	size_t reported;

	tu_init(&tu, main_input_filename);
	report_init(&report);
	translate_unit(&tu);
	slabcheck_run(&tu, &options, &report, stderr);
	/*
	 * Where the compile ran: the directory a -fworking-directory
	 * preprocessed input names (a compile distcc sent to a helper), or
	 * ours.  Relative file names are relative to it.
	 */
	if (slabcheck_emit(&tu, &options, &report, get_src_pwd(), stderr,
			   &reported))
		error("%s: cannot write the results of slabcheck", plugin_name);
	if (options.werror)
		count_errors(reported);
	report_release(&report);
	tu_release(&tu);
}

namespace
{

const pass_data slabcheck_pass_data = {
	SIMPLE_IPA_PASS,
	"slabcheck",
	OPTGROUP_NONE,
	TV_NONE,
	PROP_cfg | PROP_ssa,
	0,
	0,
	0,
	0,
};

class slabcheck_pass : public simple_ipa_opt_pass
{
      public:
	slabcheck_pass(gcc::context *context)
	    : simple_ipa_opt_pass(slabcheck_pass_data, context)
	{
	}

	unsigned int execute(function *) final override
	{
		if (!seen_error())
			analyze_unit();
		return 0;
	}
};

} // namespace

/*
 * GCC calls these for every type and declaration of every header: most are
 * no complete struct, union or enum, or no variable, and return at once,
 * without a call.
 */
static void finish_type(void *event_data, void *)
{
	tree type = (tree)event_data;

	if (!type)
		return;
	if (RECORD_OR_UNION_TYPE_P(type) ? COMPLETE_TYPE_P(type) :
					   TREE_CODE(type) == ENUMERAL_TYPE)
		record_type(type);
}

static void finish_decl(void *event_data, void *)
{
	tree decl = (tree)event_data;

	if (decl && TREE_CODE(decl) == VAR_DECL)
		record_decl(decl);
}

static int parse_arguments(struct plugin_name_args *info)
{
	char error_text[256];

	options_init(&options);
	for (int i = 0; i < info->argc; i++) {
		const struct plugin_argument *arg = &info->argv[i];

		if (options_parse(&options, arg->key, arg->value, error_text,
				  sizeof(error_text)) == 0)
			continue;
		error("%s: %s (options: %s)", plugin_name, error_text,
		      slabcheck_option_help);
		return -1;
	}
	return 0;
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	struct register_pass_info pass_info;

	plugin_name = info->base_name;
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for GCC %s, cannot run in GCC %s", plugin_name,
		      gcc_version.basever, version->basever);
		return 1;
	}
	/*
	 * A bad option fails the compilation with our one error line, not a
	 * second "failed to initialize plugin" from GCC.
	 */
	if (parse_arguments(info))
		return 0;

	translate_init();
	pass_info.pass = new slabcheck_pass(g);
	pass_info.reference_pass_name = SLABCHECK_REFERENCE_PASS;
	pass_info.ref_pass_instance_number = 1;
	pass_info.pos_op = PASS_POS_INSERT_AFTER;

	register_callback(plugin_name, PLUGIN_INFO, NULL, &slabcheck_info);
	register_callback(plugin_name, PLUGIN_FINISH_TYPE, finish_type, NULL);
	register_callback(plugin_name, PLUGIN_FINISH_DECL, finish_decl, NULL);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &pass_info);
	return 0;
}
