// The PNG stage. See README.md, Architecture.
