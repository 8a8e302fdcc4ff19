// The language switch (issue 20): each page hands its successor — the same page built again in the new
// language by MainWindow::retranslate — what the user had: the typed text, the opened models (the
// loaded objects, not read again), the options, and the step / head / row they were looking at.
// Inputs and options are set first, so that the models' arrival computes with them; what only exists
// once the new page has its results (a decoding step, a selected head) is set by the follow-up.

#include "pages/generate/generate_page.hpp"
#include "pages/sentiment_page.hpp"
#include "pages/transformer_page.hpp"
#include "pages/transformer_whatif_panel.hpp"
#include "pages/translation_page.hpp"
#include "pages/vision/vision_session.hpp"
#include "pages/vision_page.hpp"
#include "pages/walkthrough_page.hpp"
#include "services/model_slot.hpp"
#include "widgets/sentence_input.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

Page::FollowUp WalkthroughPage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<WalkthroughPage*>(next);
    if (!to)
        return {};
    // The learned projection first: it decides whether the "learned" entry can be chosen.
    to->learned_ = learned_;
    to->learnedError_ = learnedError_;
    to->updateLearnedAvailability();
    to->updating_ = true; // one recompute below, not one per input
    to->toy_ = toy_;
    to->query_->setText(query_->text());
    to->keys_->setText(keys_->text());
    to->self_->setChecked(self_->isChecked());
    to->keys_->setEnabled(!self_->isChecked());
    to->scoring_->setCurrentIndex(scoring_->currentIndex());
    to->seed_->setValue(seed_->value());
    to->head_->setValue(head_->value());
    to->projection_->setCurrentIndex(projection_->currentIndex());
    to->updating_ = false;
    to->recompute();
    to->setStep(step_);
    to->setSelectedQuery(selectedQuery_);
    return {};
}

Page::FollowUp TranslationPage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<TranslationPage*>(next);
    if (!to)
        return {};
    to->setAlignmentUnit(unit_); // words or pieces: a choice, not a result
    {
        const QSignalBlocker quiet(to->beam_); // the carried text translates once, with this width
        to->beam_->setValue(beam_->value());
    }
    to->input_->setText(input_->text());
    to->follow_->setText(follow_->text());
    to->autoFollow_ = autoFollow_;
    slot_->carryTo(to->slot_);
    baseline_->carryTo(to->baseline_);
    // A given translation or a chosen token is decoded again once the carried sentence is translated.
    const Decoder chosenBy =
        result_ && result_->forcedSteps > 0 ? Decoder::WithAttention : Decoder::WithoutAttention;
    const auto& chosen = chosenBy == Decoder::WithAttention ? result_ : baselineResult_;
    std::vector<int> prefix;
    if (forcing_ == Forcing::Choice && chosen)
        prefix.assign(chosen->outputIds.begin(), chosen->outputIds.begin() + chosen->forcedSteps);
    return [to, decoder = decoder_, step = step_, forcing = forcing_, given = givenText_, chosenBy, prefix,
            text = input_->text(), forced = std::make_shared<bool>(false)] {
        // (Page::runFollowUp calls a copy of this function: the state it keeps between runs is shared.)
        if (forcing != Forcing::Own && !*forced) {
            if (!to->result_ && !to->baselineResult_)
                return false; // the carried sentence is not translated yet
            if (to->resultText_ != text)
                return false;
            *forced = true;
            if (forcing == Forcing::Given)
                to->followTranslation(given);
            else
                to->runChoice(chosenBy, prefix);
            return false;
        }
        to->setDecoder(decoder);
        to->setStep(step);
        return true;
    };
}

Page::FollowUp SentimentPage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<SentimentPage*>(next);
    if (!to)
        return {};
    to->input_->setText(input_->text());
    to->padTo_->setValue(padTo_->value());
    to->mask_->setChecked(mask_->isChecked());
    slot_->carryTo(to->slot_);
    return [to, layer = layer_, head = head_, row = selectedRow_] {
        to->selectView(layer, head);
        to->selectRow(row);
        return true;
    };
}

Page::FollowUp TransformerPage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<TransformerPage*>(next);
    if (!to)
        return {};
    to->input_->setText(input_->text());
    slot_->carryTo(to->slot_);
    // The what-if switches are applied once the new page knows the model's head count (its first
    // trace) and the layer they act on; the rest once the rerun with them is in.
    return [to, step = step_, layer = layer_, head = head_, token = token_, part = part_,
            whatIf = whatIf_->switches(), switchesApplied = false]() mutable {
        to->setLayer(layer);
        to->setHead(head);
        if (!switchesApplied) {
            switchesApplied = true;
            if (to->whatIf_->applySwitches(whatIf))
                return false;
        }
        to->setToken(token);
        to->setAttentionPart(part);
        to->setStep(step);
        return true;
    };
}

Page::FollowUp VisionPage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<VisionPage*>(next);
    if (!to)
        return {};
    session_->carryTo(to->session_);
    to->tabs_->setCurrentIndex(tabs_->currentIndex());
    return {};
}

Page::FollowUp GeneratePage::carryStateTo(Page* next) const {
    auto* to = qobject_cast<GeneratePage*>(next);
    if (!to)
        return {};
    to->setPromptText(promptText());
    to->setOptions(options());
    slot_->carryTo(to->slot_);
    // The new page makes its first token on the model's arrival; the same prompt, options and seed make
    // the same tokens again, so it steps on to as many as were made here, then selects what was selected.
    const int made = static_cast<int>(snapshot_.steps.size());
    return [to, made, step = selectedStep_, layer = layer_, head = head_] {
        const int have = static_cast<int>(to->snapshot().steps.size());
        if (have < made && to->canStep() && to->generateSteps(made - have))
            return false; // called again once those steps are made
        to->selectHead(layer, head);
        to->selectStep(step);
        return true;
    };
}
