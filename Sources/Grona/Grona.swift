// The Grona stage. See README.md, Architecture.
