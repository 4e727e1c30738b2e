/* Saves: one JSON file per match, written atomically; loading refuses anything that is not a
 * whole save of a version this build reads, and replays the log checking every hash. */
#include "game/save.h"

#include "core/config.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/game_internal.h"
#include "core/json_pos.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SAVE_FORMAT "sandtable-save"

/* ---- writing ------------------------------------------------------------------------------ */

static void put_hex(json_t *o, const char *key, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%016" PRIx64, v);
    json_object_set_new(o, key, json_string(buf));
}

static char *dump(const json_t *v)
{
    return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(9));
}

/* Appends `s` to the growing text. */
static void text_add(char **text, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        *cap = (*len + n + 1) * 2;
        *text = mem_realloc(*text, *cap, 1);
    }
    memcpy(*text + *len, s, n + 1);
    *len += n;
}

static void text_field(char **text, size_t *len, size_t *cap, const char *key, json_t *v,
                       const char *after)
{
    char *s = dump(v);
    text_add(text, len, cap, "  \"");
    text_add(text, len, cap, key);
    text_add(text, len, cap, "\": ");
    text_add(text, len, cap, s);
    text_add(text, len, cap, after);
    free(s);
    json_decref(v);
}

static json_t *entry_json(const game_entry *e)
{
    json_t *o = json_object();
    json_object_set_new(o, "command", rules_command_to_json(&e->cmd));
    put_hex(o, "hash", e->hash);
    json_t *parts = json_array();
    for (int i = 0; i < 3; i++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%016" PRIx64, e->parts[i]);
        json_array_append_new(parts, json_string(buf));
    }
    json_object_set_new(o, "parts", parts);
    json_object_set_new(o, "turn", json_integer(e->turn));
    return o;
}

/* Hand-assembled so that each command sits on its own line (readable diffs of golden files). */
char *game_save_string(const game *g)
{
    size_t len = 0, cap = 4096;
    char *text = mem_calloc(cap, 1);
    char seed[32], hash[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
    snprintf(hash, sizeof hash, "%016" PRIx64, g->start_hash);
    text_add(&text, &len, &cap, "{\n");
    text_field(&text, &len, &cap, "format", json_string(SAVE_FORMAT), ",\n");
    text_field(&text, &len, &cap, "version", json_integer(GAME_SAVE_VERSION), ",\n");
    text_field(&text, &len, &cap, "ruleset", json_string(g->sc->ruleset), ",\n");
    text_field(&text, &len, &cap, "seed", json_string(seed), ",\n");
    text_field(&text, &len, &cap, "scenario",
               json_string(g->sc->source_text ? g->sc->source_text : ""), ",\n");
    text_field(&text, &len, &cap, "start_hash", json_string(hash), ",\n");
    text_field(&text, &len, &cap, "cursor", json_integer(g->cursor), ",\n");
    text_add(&text, &len, &cap, "  \"commands\": [");
    for (int i = 0; i < g->log_count; i++) {
        json_t *e = entry_json(&g->log[i]);
        char *s = dump(e);
        text_add(&text, &len, &cap, i ? ",\n    " : "\n    ");
        text_add(&text, &len, &cap, s);
        free(s);
        json_decref(e);
    }
    text_add(&text, &len, &cap, g->log_count ? "\n  ]" : "]");
    json_t *notes = game_notes_to_json(g); /* none: the save is as it was before notes */
    for (size_t i = 0; notes && i < json_array_size(notes); i++) {
        char *s = dump(json_array_get(notes, i));
        text_add(&text, &len, &cap, i ? ",\n    " : ",\n  \"notes\": [\n    ");
        text_add(&text, &len, &cap, s);
        free(s);
    }
    text_add(&text, &len, &cap, notes ? "\n  ]\n}\n" : "\n}\n");
    json_decref(notes);
    return text;
}

bool game_save(const game *g, const char *path, game_error *err)
{
    char *text = game_save_string(g);
    char msg[512];
    bool ok = file_write_atomic(path, text, strlen(text), msg, sizeof msg);
    free(text);
    if (!ok && err) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", path);
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return ok;
}

/* ---- one window per save ------------------------------------------------------------------ */

/* A POSIX record lock on FILE.lock, held while a match autosaves to FILE. Record locks belong
 * to the process and vanish when it closes any descriptor of the file, so the process keeps one
 * descriptor per locked save and counts the matches using it. */
typedef struct save_lock {
    char path[4096];
    int fd;
    int refs;
} save_lock;

#define SAVE_LOCKS_MAX 8
static save_lock save_locks[SAVE_LOCKS_MAX];
static pthread_mutex_t save_locks_mutex = PTHREAD_MUTEX_INITIALIZER;

static save_lock *lock_find(const char *path)
{
    for (int i = 0; i < SAVE_LOCKS_MAX; i++)
        if (save_locks[i].refs > 0 && strcmp(save_locks[i].path, path) == 0)
            return &save_locks[i];
    return NULL;
}

/* Removes the temporary files a killed writer left beside the save (FILE.tmp-XXXXXX and
 * FILE.bak.tmp-XXXXXX); only the lock's holder writes FILE, so none of them is in use. */
static void remove_stale_temps(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    char tmp_prefix[600], bak_prefix[600];
    snprintf(tmp_prefix, sizeof tmp_prefix, "%s.tmp-", base);
    snprintf(bak_prefix, sizeof bak_prefix, "%s.bak.tmp-", base);
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        const char *n = e->d_name;
        bool ours = (strncmp(n, tmp_prefix, strlen(tmp_prefix)) == 0 &&
                     strlen(n) == strlen(tmp_prefix) + 6) ||
                    (strncmp(n, bak_prefix, strlen(bak_prefix)) == 0 &&
                     strlen(n) == strlen(bak_prefix) + 6);
        char full[8200];
        if (ours && snprintf(full, sizeof full, "%s/%s", dir, n) < (int)sizeof full)
            unlink(full);
    }
    if (d)
        closedir(d);
}

static bool lock_open(const char *path, save_lock *l, char *err, size_t size)
{
    char lock_path[4200];
    snprintf(lock_path, sizeof lock_path, "%s.lock", path);
    int fd = open(lock_path, O_RDWR | O_CREAT, 0644);
    if (fd < 0) {
        snprintf(err, size, "cannot open %s: %s", lock_path, strerror(errno));
        return false;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) != 0) {
        bool held = errno == EACCES || errno == EAGAIN;
        if (held)
            snprintf(err, size, "this game is open in another window");
        else
            snprintf(err, size, "cannot lock %s: %s", lock_path, strerror(errno));
        close(fd);
        return false;
    }
    snprintf(l->path, sizeof l->path, "%s", path);
    l->fd = fd;
    l->refs = 1;
    remove_stale_temps(path);
    return true;
}

/* A forked child holds none of its parent's record locks: it must not believe it does. */
static void forget_locks_in_child(void)
{
    for (int i = 0; i < SAVE_LOCKS_MAX; i++)
        if (save_locks[i].refs > 0) {
            close(save_locks[i].fd);
            save_locks[i].refs = 0;
        }
    pthread_mutex_init(&save_locks_mutex, NULL);
}

static pthread_once_t save_locks_once = PTHREAD_ONCE_INIT;

static void save_locks_init(void)
{
    pthread_atfork(NULL, NULL, forget_locks_in_child);
}

bool save_lock_take(const char *path, char *err, size_t size)
{
    pthread_once(&save_locks_once, save_locks_init);
    pthread_mutex_lock(&save_locks_mutex);
    bool ok = true;
    save_lock *l = lock_find(path);
    if (l) {
        l->refs++;
    } else {
        for (int i = 0; i < SAVE_LOCKS_MAX && !l; i++)
            if (save_locks[i].refs == 0)
                l = &save_locks[i];
        if (!l) {
            snprintf(err, size, "too many games open at once");
            ok = false;
        } else {
            ok = lock_open(path, l, err, size);
        }
    }
    pthread_mutex_unlock(&save_locks_mutex);
    return ok;
}

void save_lock_release(const char *path)
{
    pthread_mutex_lock(&save_locks_mutex);
    save_lock *l = lock_find(path);
    if (l && --l->refs == 0)
        close(l->fd); /* drops the lock; the .lock file stays for the next window */
    pthread_mutex_unlock(&save_locks_mutex);
}

/* ---- data paths --------------------------------------------------------------------------- */

static bool mkdir_p(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = mkdir(dir, 0755) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    return mkdir(dir, 0755) == 0 || errno == EEXIST;
}

bool game_data_path(const char *name, char *buf, size_t size)
{
    const char *where = config_data_dir(); /* the front end's, from the environment */
    char dir[4096];
    if (!where || snprintf(dir, sizeof dir, "%s", where) >= (int)sizeof dir || !mkdir_p(dir))
        return false;
    int n = snprintf(buf, size, "%s/%s", dir, name ? name : "");
    return n > 0 && (size_t)n < size;
}

bool game_autosave_path(const char *scenario_path, char *buf, size_t size)
{
    const char *base = strrchr(scenario_path, '/');
    base = base ? base + 1 : scenario_path;
    char stem[256];
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem)
        *dot = '\0';
    char name[300];
    snprintf(name, sizeof name, "autosave-%s.json", stem[0] ? stem : "game");
    return game_data_path(name, buf, size);
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct loader {
    const char *text;
    size_t len;
    const char *name;
    game_error *err;
} loader;

/* Fails at the value at `path` (or its key, with want_key) with msg as it is. */
static bool fail_pos(const loader *ld, const json_pos_seg *path, int n, bool want_key,
                     const char *msg)
{
    game_error *err = ld->err;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", ld->name);
    json_pos_find(ld->text, ld->len, path, n, want_key, &err->line, &err->column);
    snprintf(err->message, sizeof err->message, "%s", msg);
    return false;
}

/* Fails at the value at `path`, naming its JSON path and line:column. */
static bool fail_at(const loader *ld, const json_pos_seg *path, int n, bool want_key,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static bool fail_at(const loader *ld, const json_pos_seg *path, int n, bool want_key,
                    const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_pos(ld, path, n, want_key, msg);
    json_pos_format(path, n, ld->err->path, sizeof ld->err->path);
    return false;
}

#define AT(...) ((json_pos_seg[]){__VA_ARGS__})
#define KEY(k)                                                                                     \
    {                                                                                              \
        .key = (k)                                                                                 \
    }
#define IDX(i)                                                                                     \
    {                                                                                              \
        .key = NULL, .index = (i)                                                                  \
    }

static bool parse_json(const loader *ld, json_t **root)
{
    game_error *err = ld->err;
    if (ld->len == 0) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", ld->name);
        snprintf(err->message, sizeof err->message, "the file is empty (not a save)");
        return false;
    }
    json_error_t je;
    *root = json_loadb(ld->text, ld->len, JSON_REJECT_DUPLICATES, &je);
    if (*root)
        return true;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", ld->name);
    err->line = je.line;
    err->column = je.column;
    if ((size_t)je.position >= ld->len)
        snprintf(err->message, sizeof err->message,
                 "the save is truncated: it ends before its JSON does (%s)", je.text);
    else
        snprintf(err->message, sizeof err->message, "the save is corrupt: %s", je.text);
    return false;
}

/* Exactly 16 hex digits: strtoull alone would also take a sign or leading spaces. */
static bool parse_hex(const char *s, uint64_t *out)
{
    if (!s || strlen(s) != 16 || strspn(s, "0123456789abcdefABCDEF") != 16)
        return false;
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 16);
    return errno == 0 && *end == '\0';
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!s || !s[0] || strspn(s, "0123456789") != strlen(s))
        return false;
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return errno == 0 && *end == '\0';
}

static bool check_header(const loader *ld, const json_t *root, int *version)
{
    if (!json_is_object(root))
        return fail_at(ld, NULL, 0, false, "expected a save object");
    const json_t *fmt = json_object_get(root, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), SAVE_FORMAT) != 0)
        return fail_at(ld, AT(KEY("format")), fmt ? 1 : 0, false,
                       "not a Sandtable save (expected \"format\": \"" SAVE_FORMAT "\")");
    const json_t *v = json_object_get(root, "version");
    if (!json_is_integer(v))
        return fail_at(ld, AT(KEY("version")), v ? 1 : 0, false,
                       "expected the save format version (an integer)");
    long long ver = json_integer_value(v);
    if (ver > GAME_SAVE_VERSION)
        return fail_at(ld, AT(KEY("version")), 1, false,
                       "written by a newer Sandtable (save format version %lld; this build reads "
                       "up to version %d)",
                       ver, GAME_SAVE_VERSION);
    if (ver < 1)
        return fail_at(ld, AT(KEY("version")), 1, false, "bad save format version %lld", ver);
    *version = (int)ver;
    return true;
}

static const char *const top_keys[] = {"format",     "version", "ruleset",  "seed", "scenario",
                                       "start_hash", "cursor",  "commands", NULL};

static bool check_keys(const loader *ld, const json_t *root)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)root, key, v)
    {
        bool known = strcmp(key, "notes") == 0; /* optional: chat lines and pings */
        for (int i = 0; top_keys[i]; i++)
            known = known || strcmp(top_keys[i], key) == 0;
        if (!known)
            return fail_at(ld, AT(KEY(key)), 1, true, "unknown key");
    }
    for (int i = 0; top_keys[i]; i++)
        if (!json_object_get(root, top_keys[i]))
            return fail_at(ld, NULL, 0, false, "missing \"%s\"", top_keys[i]);
    return true;
}

static bool read_scenario(const loader *ld, const json_t *root, save_data *sd)
{
    const json_t *s = json_object_get(root, "scenario");
    if (!json_is_string(s))
        return fail_at(ld, AT(KEY("scenario")), 1, false, "expected the scenario's text");
    char name[300];
    snprintf(name, sizeof name, "%s (embedded scenario)", ld->name);
    scenario_error se;
    sd->sc = scenario_load_string(json_string_value(s), json_string_length(s), name, &se);
    if (!sd->sc) {
        char msg[900];
        scenario_error_format(&se, msg, sizeof msg);
        return fail_at(ld, AT(KEY("scenario")), 1, false, "%s", msg);
    }
    const json_t *rs = json_object_get(root, "ruleset");
    if (!json_is_string(rs) || strcmp(json_string_value(rs), sd->sc->ruleset) != 0)
        return fail_at(ld, AT(KEY("ruleset")), 1, false, "expected the scenario's rule set \"%s\"",
                       sd->sc->ruleset);
    return true;
}

static bool read_numbers(const loader *ld, const json_t *root, save_data *sd)
{
    if (!parse_u64(json_string_value(json_object_get(root, "seed")), &sd->seed))
        return fail_at(ld, AT(KEY("seed")), 1, false,
                       "expected the seed as a string of decimal digits");
    if (!parse_hex(json_string_value(json_object_get(root, "start_hash")), &sd->start_hash))
        return fail_at(ld, AT(KEY("start_hash")), 1, false, "expected 16 hex digits");
    return true;
}

static bool read_entry(const loader *ld, const json_t *e, int i, save_entry *out)
{
    if (!json_is_object(e) || json_object_size(e) != 4)
        return fail_at(ld, AT(KEY("commands"), IDX(i)), 2, false,
                       "expected {\"command\", \"hash\", \"parts\", \"turn\"}");
    char where[64], msg[256];
    snprintf(where, sizeof where, "$.commands[%d].command", i);
    const json_t *c = json_object_get(e, "command");
    if (!rules_command_from_json(c, where, &out->cmd, msg, sizeof msg))
        return fail_pos(ld, AT(KEY("commands"), IDX(i), KEY("command")), c ? 3 : 2, false, msg);
    if (!parse_hex(json_string_value(json_object_get(e, "hash")), &out->hash))
        return fail_at(ld, AT(KEY("commands"), IDX(i), KEY("hash")), 3, false,
                       "expected 16 hex digits");
    const json_t *parts = json_object_get(e, "parts");
    for (int k = 0; k < 3; k++)
        if (!json_is_array(parts) || json_array_size(parts) != 3 ||
            !parse_hex(json_string_value(json_array_get(parts, (size_t)k)), &out->parts[k]))
            return fail_at(ld, AT(KEY("commands"), IDX(i), KEY("parts")), 3, false,
                           "expected three hashes of 16 hex digits");
    const json_t *turn = json_object_get(e, "turn");
    if (!json_is_integer(turn) || json_integer_value(turn) < 0 || json_integer_value(turn) > 1e6)
        return fail_at(ld, AT(KEY("commands"), IDX(i), KEY("turn")), 3, false,
                       "expected a turn number");
    out->turn = (int)json_integer_value(turn);
    return true;
}

static bool read_commands(const loader *ld, const json_t *root, save_data *sd)
{
    const json_t *a = json_object_get(root, "commands");
    if (!json_is_array(a))
        return fail_at(ld, AT(KEY("commands")), 1, false, "expected an array of commands");
    if (json_array_size(a) > SAVE_COMMANDS_MAX)
        return fail_at(ld, AT(KEY("commands"), IDX(SAVE_COMMANDS_MAX)), 2, false,
                       "too many commands (a save holds at most %d)", SAVE_COMMANDS_MAX);
    sd->count = (int)json_array_size(a);
    sd->entries = mem_calloc((size_t)sd->count + 1, sizeof *sd->entries);
    for (int i = 0; i < sd->count; i++)
        if (!read_entry(ld, json_array_get(a, (size_t)i), i, &sd->entries[i]))
            return false;
    const json_t *cur = json_object_get(root, "cursor");
    if (!json_is_integer(cur) || json_integer_value(cur) < 0 || json_integer_value(cur) > sd->count)
        return fail_at(ld, AT(KEY("cursor")), 1, false, "expected a cursor between 0 and %d",
                       sd->count);
    sd->cursor = (int)json_integer_value(cur);
    return true;
}

bool save_parse(const char *text, size_t len, const char *name, save_data *sd, game_error *err)
{
    loader ld = {text, len, name, err};
    memset(sd, 0, sizeof *sd);
    json_t *root = NULL;
    int version = 0;
    bool ok = parse_json(&ld, &root) && check_header(&ld, root, &version) &&
              check_keys(&ld, root) && read_numbers(&ld, root, sd) &&
              read_scenario(&ld, root, sd) && read_commands(&ld, root, sd);
    if (ok)
        sd->notes = json_incref(json_object_get(root, "notes"));
    json_decref(root);
    if (!ok)
        save_data_free(sd);
    return ok;
}

void save_data_free(save_data *sd)
{
    scenario_destroy(sd->sc);
    free(sd->entries);
    json_decref(sd->notes);
    memset(sd, 0, sizeof *sd);
}

bool save_read_file(const char *path, char **text, size_t *len, game_error *err)
{
    int errnum;
    file_status st = file_read_all(path, SAVE_FILE_MAX, text, len, &errnum);
    if (st == FILE_OK)
        return true;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    if (st == FILE_CANNOT_OPEN)
        snprintf(err->message, sizeof err->message, "cannot open: %s", strerror(errnum));
    else if (st == FILE_TOO_LARGE)
        snprintf(err->message, sizeof err->message, "file too large (a save is at most %u bytes)",
                 SAVE_FILE_MAX);
    else
        snprintf(err->message, sizeof err->message, "cannot read the file");
    return false;
}

/* ---- loading a match ---------------------------------------------------------------------- */

static const char *part_names[3] = {"the table (positions, facings, statuses)",
                                    "the rule set's state", "the dice generator"};

const char *save_diff_parts(const uint64_t want[3], const uint64_t got[3], char *buf, size_t size)
{
    buf[0] = '\0';
    size_t used = 0;
    for (int k = 0; k < 3; k++)
        if (want[k] != got[k]) {
            int n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", part_names[k]);
            if (n < 0 || (size_t)n >= size - used)
                break;
            used += (size_t)n;
        }
    if (!used)
        snprintf(buf, size, "the combined hash only");
    return buf;
}

static bool replay_entries(const loader *ld, game *g, const save_data *sd, bool check)
{
    if (check && game_hash_at(g, -1) != sd->start_hash)
        return fail_at(ld, AT(KEY("start_hash")), 1, false,
                       "the starting state differs (hash %016" PRIx64 ", save says %016" PRIx64
                       "): another version of the rule set or its data",
                       game_hash_at(g, -1), sd->start_hash);
    for (int i = 0; i < sd->count; i++) {
        const save_entry *e = &sd->entries[i];
        char reason[256];
        if (!game_validate(g, &e->cmd, reason, sizeof reason))
            return fail_at(ld, AT(KEY("commands"), IDX(i)), 2, false,
                           "command %d (%s) is refused: %s", i + 1,
                           rules_command_kind_name(e->cmd.kind), reason);
        game_apply_logged(g, &e->cmd);
        const game_entry *ge = &g->log[i];
        if (check && ge->hash != e->hash) {
            char what[200];
            return fail_at(ld, AT(KEY("commands"), IDX(i), KEY("hash")), 3, false,
                           "command %d (%s): hash %016" PRIx64 ", save says %016" PRIx64
                           "; differs: %s",
                           i + 1, rules_command_kind_name(e->cmd.kind), ge->hash, e->hash,
                           save_diff_parts(e->parts, ge->parts, what, sizeof what));
        }
    }
    return true;
}

static bool read_notes(const loader *ld, game *g, const json_t *notes)
{
    char why[200];
    int bad;
    if (game_notes_from_json(g, notes, &bad, why, sizeof why))
        return true;
    return bad < 0 ? fail_at(ld, AT(KEY("notes")), 1, false, "%s", why)
                   : fail_at(ld, AT(KEY("notes"), IDX(bad)), 2, false, "%s", why);
}

game *game_load_string(const char *text, size_t len, const char *name, const game_load_desc *desc,
                       game_error *err)
{
    game_load_desc none = {0};
    game_error scratch;
    if (!desc)
        desc = &none;
    if (!err)
        err = &scratch;
    save_data sd;
    if (!save_parse(text, len, name, &sd, err))
        return NULL;
    loader ld = {text, len, name, err};
    game_desc gd = {.scenario = sd.sc,
                    .take_scenario = true,
                    .seed_set = true,
                    .seed = sd.seed,
                    .rules = desc->rules,
                    .data_dir = desc->data_dir};
    game *g = game_create(&gd, err);
    if (!g) {
        snprintf(err->file, sizeof err->file, "%s", name);
        save_data_free(&sd);
        return NULL;
    }
    sd.sc = NULL; /* the game owns it now */
    bool ok = replay_entries(&ld, g, &sd, !desc->skip_hash_check) && game_goto(g, sd.cursor) &&
              read_notes(&ld, g, sd.notes);
    save_data_free(&sd);
    if (!ok) {
        game_destroy(g);
        return NULL;
    }
    char msg[500];
    if (desc->autosave_path && !game_autosave_to(g, desc->autosave_path, msg, sizeof msg)) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "%s", msg);
        game_destroy(g);
        return NULL;
    }
    return g;
}

game *game_load(const char *path, const game_load_desc *desc, game_error *err)
{
    char *text;
    size_t len;
    game_error scratch;
    if (!err)
        err = &scratch;
    if (!save_read_file(path, &text, &len, err))
        return NULL;
    game *g = game_load_string(text, len, path, desc, err);
    free(text);
    return g;
}
