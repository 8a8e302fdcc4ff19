#pragma once
// The class names of the shipped models and of the datasets the app reads (Fashion-MNIST, CIFAR-10,
// the sentiment models' negative/positive), in the interface's language. A checkpoint or dataset stores
// its labels in English; the pages show them translated when the label is one of these, and as stored
// otherwise (an ImageNet model's 1,000 names).

#include <QString>
#include <string>

/// `label` in the interface's language when it is a known class name, else `label` unchanged.
QString displayClassLabel(const std::string& label);
