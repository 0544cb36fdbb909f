// SPDX-License-Identifier: GPL-2.0
/*
 * PID 1 of the boot test (boot-test.sh): the only thing that runs.
 *
 * Checks that each converted cache exists and is unmerged (an unmerged
 * cache gets a sysfs directory under its own name, a merged one only a
 * symlink), then loads and unloads ufs.ko ROUNDS times.
 *
 * The kernel is built with CONFIG_DEBUG_KOBJECT_RELEASE, which defers
 * every kobject release by a random 1 to 4 seconds and logs the delay:
 * the case where the cache in ufs.ko's memory is released after
 * kmem_cache_destroy() has returned.  Patch 0002 makes the cache hold
 * the module's kobject until that release has run, so the module's own
 * kobject_release() must come after it.  Without the pin the module's
 * kobject goes as soon as its sysfs children do, which beats the
 * cache's release in about 3 rounds out of 8, so ROUNDS unloads catch
 * a missing pin with a probability above 97%.  After each unload the
 * kernel log must also stay free of warnings and oopses.
 *
 * argv[1] is CONFIG_HZ: the logged delays are in jiffies.
 *
 * Prints one "ok:" or "FAIL:" line per check and a final
 * "boot-test: N passed, M failed", then powers the machine off.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS	8

static int passed, failed;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	if (ok)
		passed++;
	else
		failed++;
}

static int in_slabinfo(const char *name)
{
	char line[512];
	size_t n = strlen(name);
	FILE *f = fopen("/proc/slabinfo", "r");
	int found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n) && line[n] == ' ')
			found = 1;
	fclose(f);
	return found;
}

static int own_sysfs_dir(const char *name)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s", name);
	return !lstat(path, &st) && S_ISDIR(st.st_mode);
}

static void check_cache(const char *name)
{
	char what[256];

	snprintf(what, sizeof(what), "%s is in /proc/slabinfo", name);
	check(in_slabinfo(name), what);
	snprintf(what, sizeof(what), "%s is unmerged", name);
	check(own_sysfs_dir(name), what);
}

static char klog[1 << 20];

static int read_klog(void)
{
	int len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, klog,
			  sizeof(klog) - 1);

	klog[len > 0 ? len : 0] = '\0';
	return len;
}

/* @needle on the rest of the line @p points into, or NULL */
static const char *on_line(const char *p, const char *needle)
{
	const char *eol = strchr(p, '\n');
	const char *q = strstr(p, needle);

	return q && (!eol || q < eol) ? q : NULL;
}

/*
 * Time stamp (and delay in jiffies, if @delay) of the last
 * "kobject: '<name>' (...): kobject_release" line in the log.
 */
static int last_release(const char *name, double *t, long *delay)
{
	char key[128];
	const char *p, *line, *found = NULL;

	snprintf(key, sizeof(key), "kobject: '%s' (", name);
	for (p = klog; (p = strstr(p, key)); p++)
		if (on_line(p, "kobject_release"))
			found = p;
	if (!found)
		return 0;
	for (line = found; line > klog && line[-1] != '\n'; line--)
		;
	line = on_line(line, "[");
	if (!line || sscanf(line + 1, "%lf", t) != 1)
		return 0;
	if (delay) {
		p = on_line(found, "(delayed ");
		if (!p || sscanf(p, "(delayed %ld)", delay) != 1)
			return 0;
	}
	return 1;
}

/* The kernel log must not mention any of these. */
static void check_klog(const char *when)
{
	static const char *const bad[] = {
		"BUG:", "Oops", "WARNING:", "general protection",
		"Kernel panic", "KASAN", "refcount_t:",
	};
	char what[256];
	unsigned int i;
	int len = read_klog();

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(what, sizeof(what), "no \"%s\" in the kernel log %s",
			 bad[i], when);
		check(len > 0 && !strstr(klog, bad[i]), what);
	}
}

static void check_release_order(int round, long hz)
{
	char what[256];
	double tc, tm;
	long delay;
	int ok;

	read_klog();
	ok = last_release("ufs_inode_cache", &tc, &delay) &&
	     last_release("ufs", &tm, NULL);
	if (ok)
		printf("round %d: cache release at %.2fs, module kobject "
		       "released at %.2fs\n", round, tc + (double)delay / hz, tm);
	snprintf(what, sizeof(what),
		 "round %d: module kobject outlives the cache", round);
	/* 10ms for the timer firing a little before the logged time */
	check(ok && tm + 0.01 >= tc + (double)delay / hz, what);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void load_unload_ufs(int round, long hz)
{
	char what[128];
	double t;
	int fd = open("/ufs.ko", O_RDONLY);

	snprintf(what, sizeof(what), "round %d: ufs.ko loads", round);
	check(fd >= 0 && !syscall(SYS_finit_module, fd, "", 0), what);
	if (fd >= 0)
		close(fd);
	check_cache("ufs_inode_cache");

	t = now();
	snprintf(what, sizeof(what), "round %d: ufs unloads", round);
	check(!syscall(SYS_delete_module, "ufs", O_NONBLOCK), what);
	printf("round %d: unloading took %.1fs\n", round, now() - t);
	snprintf(what, sizeof(what), "round %d: ufs_inode_cache is gone",
		 round);
	check(!in_slabinfo("ufs_inode_cache") &&
	      !own_sysfs_dir("ufs_inode_cache"), what);

	/* Deferred kobject releases run within 4 seconds. */
	sleep(5);
	check_release_order(round, hz);
	snprintf(what, sizeof(what), "after unload %d", round);
	check_klog(what);
}

int main(int argc, char **argv)
{
	long hz = argc > 1 ? atol(argv[1]) : 0;

	static const char *const caches[] = {
		"mnt_cache", "dentry", "inode_cache", "filp", "buffer_head",
		"task_struct", "signal_cache", "sighand_cache", "files_cache",
		"fs_cache", "mm_struct",
	};
	unsigned int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);

	printf("boot-test: start, HZ=%ld\n", hz);
	check(hz > 0, "CONFIG_HZ passed as argv[1]");
	for (i = 0; i < sizeof(caches) / sizeof(caches[0]); i++)
		check_cache(caches[i]);
	check_klog("after boot");
	for (i = 1; i <= ROUNDS; i++)
		load_unload_ufs(i, hz ? hz : 1);

	printf("boot-test: %d passed, %d failed\n", passed, failed);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
