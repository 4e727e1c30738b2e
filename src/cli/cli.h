/* The subcommands of the `sandtable` executable. Each takes the arguments after its own name
 * (argv[0] is the subcommand name) and returns the process exit status: 0 success, 1 the input
 * was refused (bad file, failed check), 2 usage error. */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <stdio.h>

typedef struct cli_command {
    const char *name;
    const char *summary; /* one line for --help */
    const char *usage;   /* argument synopsis */
    int (*run)(int argc, char **argv);
} cli_command;

/* The command table, ended by a zeroed entry. `play` is first and the default. */
extern const cli_command cli_commands[];

/* Finds a command by name, or NULL. */
const cli_command *cli_find(const char *name);
/* Runs the executable's argument vector: global options, then a subcommand. */
int cli_main(int argc, char **argv);
/* Reads the environment once (SANDTABLE_SOURCE_DIR, SANDTABLE_DATA_DIR, XDG_DATA_HOME or HOME,
 * SANDTABLE_VERIFY_EVENTS) into core/config.h, for the layers below; cli_main calls it first. */
void cli_env_apply(void);

int cli_play(int argc, char **argv);
/* `sandtable replay --watch FILE`: the window with the replay viewer on the save. */
int cli_watch(const char *save_path);
struct ui_app;
/* Opens the window on the app's screens, runs it until it closes, then frees the app (before
 * the window: its screens hold the window's textures). 0, or 1 when no window opens. */
int cli_window_run(struct ui_app *app);
int cli_preview(int argc, char **argv);
int cli_edit(int argc, char **argv);
int cli_validate(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_format(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_simulate(int argc, char **argv);
/* `sandtable host` / `sandtable join`: network play (cmd_net.c). */
int cli_host(int argc, char **argv);
int cli_join(int argc, char **argv);

/* Text from a file (names, titles, messages quoting them) printed to a terminal: as printf and
 * fputs, with control characters other than newline and tab (ESC, BEL, CSI ...; C0, DEL and the
 * C1 controls of UTF-8) written as \xNN, so a scenario cannot drive the terminal. */
int cli_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_fputs_escaped(const char *text, FILE *out);

#endif // CLI_CLI_H
