/* Linked with one layer's library whole and the layers below it alone (src/meson.build:
 * layer_checks): the link fails when the layer calls a function of a layer above it. Never run. */
int main(void)
{
    return 0;
}
