"""Seven Years World War (Strategy & Tactics 221): its own ruleset on the pbem core
(issue 14). Sections of ../shared/rules/seven-years-world-war.txt are cited as
7YWW n.n; its content is games/seven-years-world-war/."""
