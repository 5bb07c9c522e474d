from doomtable.cli.app import main

main()
