#error this header refuses to be parsed
