// RUN: %check %s | %filecheck %s
//
// kmem-storage: instances in memory that is freed after boot: __initdata,
// __initconst, or a hand-written .init.data.* / .init.rodata.* section
// (the linker script gathers those into init memory too).  A cache
// created at boot lives on after the init sections are gone.  Each is
// reported at its declaration with its section, a function-local static
// included.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct early_ioremap_slot {
	u64			phys;
	unsigned long		size;
	void			*virt;
};

struct efi_memmap_entry {
	u32			type;
	u32			pad;
	u64			phys_addr;
	u64			virt_addr;
	u64			num_pages;
	u64			attribute;
};

struct acpi_table_hdr {
	char			signature[4];
	u32			length;
	u8			revision;
	u8			checksum;
	char			oem_id[6];
};

static struct kmem_cache_opaque early_slot_cache __initdata;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'early_slot_cache' is in read-only or init memory (section '.init.data') [kmem-storage]

static struct kmem_cache_opaque efi_memmap_cache __initconst;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'efi_memmap_cache' is in read-only or init memory (section '.init.rodata') [kmem-storage]

static struct kmem_cache_opaque acpi_hdr_cache __section(".init.data.acpi");
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'acpi_hdr_cache' is in read-only or init memory (section '.init.data.acpi') [kmem-storage]

static struct kmem_cache_opaque acpi_tbl_cache __section(".init.rodata.acpi");
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'acpi_tbl_cache' is in read-only or init memory (section '.init.rodata.acpi') [kmem-storage]

void __init early_ioremap_setup(void)
{
	KMEM_CACHE_SETUP(to_kmem_cache(&early_slot_cache), early_ioremap_slot,
			 SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&efi_memmap_cache), efi_memmap_entry,
			 SLAB_PANIC);
}

void __init acpi_table_cache_init(void)
{
	static struct kmem_cache_opaque acpi_boot_cache __initdata;
	// CHECK: {{.*}}[[@LINE-1]]:34: warning: static cache 'acpi_boot_cache' is in read-only or init memory (section '.init.data') [kmem-storage]

	KMEM_CACHE_SETUP(to_kmem_cache(&acpi_hdr_cache), acpi_table_hdr,
			 SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&acpi_tbl_cache), acpi_table_hdr,
			 SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&acpi_boot_cache), acpi_table_hdr,
			 SLAB_PANIC);
}
