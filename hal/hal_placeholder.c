typedef int hal_placeholder_t;
