#pragma once
// Application start-up: command line, translations, main window or
// screenshot mode. Kept out of main.cpp so tests can drive it.
namespace tilelens::gui {
int runApplication(int argc, char** argv);
}
