// RUN: %check --werror %s | %filecheck --allow-empty %s
// RUN: %check --werror -DMODULE %s | %filecheck --allow-empty %s
// RUN: not %check --werror -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// --werror on a file without findings: the compile succeeds and prints
// nothing.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct led_trigger_min {
	const char		*name;
	struct list_head	led_cdevs;
	struct list_head	next_trig;
	int			activated;
};

static struct kmem_cache_opaque led_trigger_cache;
#define led_trigger_cachep to_kmem_cache(&led_trigger_cache)

int led_class_register(void);
void led_class_unregister(void);

static int __init leds_init(void)
{
	int err;

	// TWIN: {{.*}}[[@LINE+2]]:8: error: static cache 'led_trigger_cache' stays set up when module init 'leds_init' fails [kmem-module-leak]
	//
	err = kmem_cache_setup(led_trigger_cachep, "led_trigger",
			       sizeof(struct led_trigger_min), 0, 0, NULL);
	if (err)
		return err;
	err = led_class_register();
#ifndef SLABCHECK_TWIN
	/* The twin forgets this unwinding: with --werror the build fails. */
	if (err)
		kmem_cache_destroy(led_trigger_cachep);
#endif
	return err;
}

static void __exit leds_exit(void)
{
	led_class_unregister();
	kmem_cache_destroy(led_trigger_cachep);
}

module_init(leds_init);
module_exit(leds_exit);
MODULE_LICENSE("GPL");
