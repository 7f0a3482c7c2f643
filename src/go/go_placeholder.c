/* Temporary until the Go engine lands (issue 2). */
typedef int go_placeholder_t;
