/* artgen OUTDIR: draws every asset and writes the PNGs and manifest.json into OUTDIR.
 * The output is byte-identical from run to run (tests/art checks the committed copies). */
#include "artgen.h"

#include "art_sheet.h"

#include "core/mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <stb/stb_image_write.h>

typedef const art_asset *(*list_fn)(int *n);
static const list_fn ART_LISTS[] = {art_sprites_list, art_markers_list, art_cards_list,
                                    art_textures_list, art_dice_list};
#define ART_LIST_COUNT ((int)(sizeof ART_LISTS / sizeof ART_LISTS[0]))

static const char ART_TINT_NOTE[] =
    "NAME_tint.png is the side-colour mask of NAME.png: draw NAME.png, then NAME_tint.png over it "
    "with SDL_SetTextureColorMod(side colour); its RGB is the neutral grey shading and its alpha "
    "the tinted share of each pixel.";

static int write_png(const char *dir, const char *name, int w, int h, const uint8_t *rgba)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    if (!stbi_write_png(path, w, h, 4, rgba, w * 4)) {
        fprintf(stderr, "artgen: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static void manifest_entry(FILE *f, bool *first, const art_asset *a, const char *suffix,
                           const char *kind, bool has_tint)
{
    fprintf(f, "%s\n    {\"file\": \"%s%s.png\", \"kind\": \"%s\", \"width\": %d, \"height\": %d",
            *first ? "" : ",", a->name, suffix, kind, a->w, a->h);
    if (suffix[0])
        fprintf(f, ", \"mask_of\": \"%s.png\"", a->name);
    else if (has_tint)
        fprintf(f, ", \"tint_mask\": \"%s_tint.png\"", a->name);
    if (!suffix[0] && strcmp(a->kind, "card") == 0 && a->param > 0) {
        art_box t = art_card_title_box(), x = art_card_text_box();
        fprintf(f, ", \"title_box\": [%d, %d, %d, %d], \"text_box\": [%d, %d, %d, %d]", t.x, t.y,
                t.w, t.h, x.x, x.y, x.w, x.h);
    }
    fprintf(f, ", \"use\": \"%s%s\"}", suffix[0] ? "side-colour mask: " : "", a->use);
    *first = false;
}

static int ensure_dir(const char *dir);

/* Creates the folder an asset named "sub/name" goes into. */
static int ensure_parent(const char *dir, const char *name)
{
    const char *slash = strrchr(name, '/');
    if (!slash)
        return 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/%.*s", dir, (int)(slash - name), name);
    return ensure_dir(path);
}

/* Draws one asset and writes its PNG(s); records it in the manifest. */
static int render_asset(const char *dir, const art_asset *a, FILE *manifest, bool *first,
                        art_sheet *sheet)
{
    if (ensure_parent(dir, a->name) != 0)
        return -1;
    bool wrap = strcmp(a->kind, "texture") == 0;
    art_canvas *cv = art_canvas_create(a->w, a->h, wrap);
    a->draw(cv, a->param);
    uint8_t *rgba = art_canvas_rgba8(cv);
    int rc = write_png(dir, a->name, a->w, a->h, rgba);
    bool tint = art_canvas_has_tint(cv);
    manifest_entry(manifest, first, a, "", a->kind, tint);
    uint8_t *mask = tint ? art_canvas_tint8(cv) : NULL;
    if (rc == 0 && mask) {
        char name[256];
        snprintf(name, sizeof name, "%s_tint", a->name);
        rc = write_png(dir, name, a->w, a->h, mask);
        manifest_entry(manifest, first, a, "_tint", "tint_mask", false);
    }
    if (sheet)
        art_sheet_add(sheet, a, rgba, mask);
    free(mask);
    free(rgba);
    art_canvas_destroy(cv);
    return rc;
}

/* mkdir -p: each parent in turn, then the folder itself. */
static int ensure_dir(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *s = path + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            break;
        *s = '/';
    }
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return 0;
    fprintf(stderr, "artgen: cannot create %s: %s\n", dir, strerror(errno));
    return -1;
}

int main(int argc, char **argv)
{
    bool usage = argc != 2 && !(argc == 4 && strcmp(argv[2], "--sheet") == 0);
    if (usage || argv[1][0] == '-') {
        fprintf(stderr, "usage: artgen OUTDIR [--sheet SHEET.png]\n"
                        "Draws Sandtable's sprites, cards, terrain textures and dice into OUTDIR\n"
                        "as PNG files, with OUTDIR/manifest.json listing them; --sheet also\n"
                        "writes a contact sheet of them all (docs/art_sheet.png).\n");
        return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    const char *dir = argv[1];
    art_sheet *sheet = argc == 4 ? art_sheet_create() : NULL;
    if (ensure_dir(dir) != 0)
        return 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    FILE *manifest = fopen(path, "w");
    if (!manifest) {
        fprintf(stderr, "artgen: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(manifest,
            "{\n  \"generator\": \"tools/artgen (regenerate: build/tools/artgen/artgen "
            "assets/art)\",\n  \"facing\": \"sprites face the top of the image; the image "
            "centre is the centre of the base\",\n  \"tint\": \"%s\",\n  \"files\": [",
            ART_TINT_NOTE);
    bool first = true;
    int count = 0, rc = 0;
    for (int l = 0; l < ART_LIST_COUNT && rc == 0; l++) {
        int n = 0;
        const art_asset *list = ART_LISTS[l](&n);
        for (int i = 0; i < n && rc == 0; i++, count++)
            rc = render_asset(dir, &list[i], manifest, &first, sheet);
    }
    fprintf(manifest, "\n  ]\n}\n");
    if (rc == 0 && sheet)
        rc = art_sheet_write(sheet, argv[3]);
    art_sheet_destroy(sheet);
    if (fclose(manifest) != 0 || rc != 0) {
        fprintf(stderr, "artgen: failed\n");
        return 1;
    }
    printf("artgen: %d assets written to %s\n", count, dir);
    return 0;
}
