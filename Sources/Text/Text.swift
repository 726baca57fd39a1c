// The Text stage. See README.md, Architecture.
